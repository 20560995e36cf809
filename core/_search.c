/* Compiled twin of core/search.py (IDA*) and core/pattern_db.py (table builds).
 *
 * The same algorithms as the pure-Python references, node for node, so both twins return the
 * same moves and node counts. The GIL is released during the work; every `poll_interval`
 * nodes (and at every new bound or BFS layer) the GIL is taken back to call the Python poll,
 * which may ask to stop (returns True: the call returns None) or raise (the exception
 * propagates), so cancellation, deadlines and progress keep working.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Up to the 24-puzzle: a board's cells fit a 32-bit mask. */
#define MAX_CELLS 25
#define NO_LABEL 255
#define UNREACHED 255
#define UNBOUNDED (1 << 30)
#define MAX_PATH 1024
/* The largest numerator or denominator of a search's weight: costs stay far from overflow. */
#define MAX_WEIGHT_PART 64
/* Placements a build expands between two polls within a layer. */
#define BUILD_POLL_INTERVAL (1 << 16)

/* The blank's steps, in the order both twins try them (core.move_automaton.STEPS). */
enum { STEP_UP, STEP_DOWN, STEP_LEFT, STEP_RIGHT, STEP_COUNT };

typedef struct {
    int width, height, cell_count;
    int neighbour_count[MAX_CELLS];
    int neighbours[MAX_CELLS][4];
    /* The step that takes the blank to each neighbour. */
    int steps[MAX_CELLS][4];
} Grid;

static void grid_init(Grid *grid, int width, int height) {
    grid->width = width;
    grid->height = height;
    grid->cell_count = width * height;
    for (int cell = 0; cell < grid->cell_count; cell++) {
        int row = cell / width, column = cell % width, count = 0;
        /* Up, down, left, right: the order the pure twin tries them. */
        if (row > 0) {
            grid->steps[cell][count] = STEP_UP;
            grid->neighbours[cell][count++] = cell - width;
        }
        if (row < height - 1) {
            grid->steps[cell][count] = STEP_DOWN;
            grid->neighbours[cell][count++] = cell + width;
        }
        if (column > 0) {
            grid->steps[cell][count] = STEP_LEFT;
            grid->neighbours[cell][count++] = cell - 1;
        }
        if (column < width - 1) {
            grid->steps[cell][count] = STEP_RIGHT;
            grid->neighbours[cell][count++] = cell + 1;
        }
        grid->neighbour_count[cell] = count;
    }
}

/* Set bits of every byte value, so counting the bits of a cell mask takes a few loads where
 * the compiler has no builtin. */
static uint8_t byte_bits[256];

static void byte_bits_init(void) {
    for (int value = 1; value < 256; value++) {
        byte_bits[value] = (uint8_t)(byte_bits[value >> 1] + (value & 1));
    }
}

static inline int bit_count(uint32_t bits) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcount(bits);
#else
    return byte_bits[bits & 0xFFu] + byte_bits[(bits >> 8) & 0xFFu] +
           byte_bits[(bits >> 16) & 0xFFu] + byte_bits[bits >> 24];
#endif
}

static inline int count_trailing_zeros(uint64_t bits) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(bits);
#else
    int count = 0;
    while (!(bits & 1u)) {
        bits >>= 1;
        count++;
    }
    return count;
#endif
}

/* The index of a placement: each position counted among the cells not yet taken. */
static inline uint32_t rank_placement(const uint8_t *positions, int size, int cell_count) {
    uint32_t index = 0, taken = 0;
    for (int order = 0; order < size; order++) {
        int cell = positions[order];
        int digit = cell - bit_count(taken & ((1u << cell) - 1u));
        index = index * (uint32_t)(cell_count - order) + (uint32_t)digit;
        taken |= 1u << cell;
    }
    return index;
}

static void unrank_placement(uint32_t index, int size, int cell_count, uint8_t *positions) {
    int digits[MAX_CELLS];
    for (int order = size - 1; order >= 0; order--) {
        uint32_t radix = (uint32_t)(cell_count - order);
        digits[order] = (int)(index % radix);
        index /= radix;
    }
    uint8_t free_cells[MAX_CELLS];
    for (int cell = 0; cell < cell_count; cell++) free_cells[cell] = (uint8_t)cell;
    for (int order = 0; order < size; order++) {
        int digit = digits[order];
        positions[order] = free_cells[digit];
        memmove(free_cells + digit, free_cells + digit + 1, (size_t)(cell_count - order - digit - 1));
    }
}

/* A walk over placements in index order: the placement after the last one by stepping its
 * digits (mostly the last), any other by unranking, which divides once a digit. */
typedef struct {
    uint32_t index;
    int started;
    uint8_t digits[MAX_CELLS];
    uint8_t positions[MAX_CELLS];
} PlacementWalk;

static const uint8_t *walk_to(PlacementWalk *walk, uint32_t index, int size, int cell_count) {
    if (walk->started && index == walk->index + 1) {
        int order = size - 1;
        while (order > 0 && walk->digits[order] + 1 == cell_count - order) {
            walk->digits[order--] = 0;
        }
        walk->digits[order]++;
        uint32_t taken = 0;
        for (int earlier = 0; earlier < order; earlier++) taken |= 1u << walk->positions[earlier];
        for (; order < size; order++) {
            uint32_t free_cells = ~taken;
            for (int skip = walk->digits[order]; skip > 0; skip--) free_cells &= free_cells - 1u;
            walk->positions[order] = (uint8_t)count_trailing_zeros(free_cells);
            taken |= 1u << walk->positions[order];
        }
    } else {
        uint32_t rest = index;
        for (int order = size - 1; order >= 0; order--) {
            uint32_t radix = (uint32_t)(cell_count - order);
            walk->digits[order] = (uint8_t)(rest % radix);
            rest /= radix;
        }
        unrank_placement(index, size, cell_count, walk->positions);
    }
    walk->index = index;
    walk->started = 1;
    return walk->positions;
}

/* Every cell the blank reaches from `start` without entering an occupied cell, as a mask. */
static uint32_t blank_region(const Grid *grid, int start, uint32_t occupied) {
    uint32_t region = 1u << start, frontier = region;
    while (frontier) {
        uint32_t grown = 0;
        while (frontier) {
            int cell = 0;
            while (!(frontier & (1u << cell))) cell++;
            frontier &= frontier - 1u;
            for (int k = 0; k < grid->neighbour_count[cell]; k++) {
                grown |= 1u << grid->neighbours[cell][k];
            }
        }
        frontier = grown & ~occupied & ~region;
        region |= frontier;
    }
    return region;
}

/* Calls poll(first, second) with the GIL held; 0 go on, 1 stop, -1 an exception is set. */
static int call_poll(PyObject *poll, long long first, long long second) {
    if (poll == Py_None) return 0;
    PyObject *answer = PyObject_CallFunction(poll, "LL", first, second);
    if (answer == NULL) return -1;
    int stop = PyObject_IsTrue(answer);
    Py_DECREF(answer);
    return stop < 0 ? -1 : stop;
}

static long long placements(int cell_count, int size) {
    long long count = 1;
    for (int order = 0; order < size; order++) count *= cell_count - order;
    return count;
}

/* Compact tables (`compact_table`): 2 bits an entry, four to a byte (entry i in byte i / 4,
 * bits 2 * (i % 4) up), holding the entry's excess over the group's taxicab distance mod 3.
 * A move changes the excess by at most one, so the search recovers each exact excess from
 * the parent's (`exact_step`). */
static inline int packed_entry(const uint8_t *packed, uint32_t index) {
    return (packed[index >> 2] >> ((index & 3u) << 1)) & 3;
}

static long long packed_size(long long entries) { return (entries + 3) / 4; }

/* The excess stored as `stored` (its remainder mod 3) one move from the excess `beside`: the
 * one of beside - 1, beside, beside + 1 with that remainder. */
static const int step_of_remainders[3][4] = {{0, 1, -1, 0}, {-1, 0, 1, 0}, {1, -1, 0, 0}};

static inline int exact_step(int beside, int stored) {
    return beside + step_of_remainders[beside % 3][stored];
}

/* The weight of each digit of a placement's index (`rank_placement`): weights[size - 1] is 1. */
static void digit_weights(int size, int cell_count, int64_t *weights) {
    weights[size - 1] = 1;
    for (int order = size - 2; order >= 0; order--) {
        weights[order] = weights[order + 1] * (cell_count - order - 1);
    }
}

/* The placements one move of one group tile (into a cell beside it that no group tile
 * holds) leads to from `positions`, numbered `index`, into `moved_indices`; returns how many.
 * Each index is `index` changed, not ranked again: moving slot i's tile from f to t changes
 * its digit by t - f less the earlier tiles between them (more, going back), and each later
 * tile's between them by one, the way the tile went. */
static int placement_moves(const Grid *grid, const uint8_t *positions, int size, uint32_t index,
                           const int64_t *weights, uint32_t *moved_indices) {
    uint32_t taken = 0;
    for (int i = 0; i < size; i++) taken |= 1u << positions[i];
    uint32_t earlier = 0;
    int count = 0;
    for (int i = 0; i < size; i++) {
        int from = positions[i];
        for (int k = 0; k < grid->neighbour_count[from]; k++) {
            int to = grid->neighbours[from][k];
            if (taken & (1u << to)) continue;
            int low = from < to ? from : to, high = from < to ? to : from;
            uint32_t between = ((1u << high) - 1u) & ~((2u << low) - 1u);
            int way = to > from ? 1 : -1;
            int64_t change = (int64_t)(to - from - way * bit_count(earlier & between)) * weights[i];
            for (int j = i + 1; j < size; j++) {
                if (between & (1u << positions[j])) change += way * weights[j];
            }
            moved_indices[count++] = (uint32_t)((int64_t)index + change);
        }
        earlier |= 1u << from;
    }
    return count;
}

/* The taxicab distance between two cells. */
static inline int cell_distance(const Grid *grid, int from, int to) {
    int rows = from / grid->width - to / grid->width;
    int columns = from % grid->width - to % grid->width;
    return (rows < 0 ? -rows : rows) + (columns < 0 ? -columns : columns);
}

/* The exact entry of the placement `positions` in a compact table whose goal placement is
 * `goal`. A move's change of the entry is known from the two stored remainders (the change
 * of the excess) and the tiles' taxicab distances; some move always lowers the entry (the
 * table is consistent), so the moves that lower it lead to the goal, whose entry is 0, and
 * add up to the entry. -1 when no move lowers it (a foreign table). */
static int exact_value(const Grid *grid, const uint8_t *packed, const uint8_t *goal,
                       const uint8_t *positions, int size) {
    uint8_t here[MAX_CELLS];
    memcpy(here, positions, (size_t)size);
    uint32_t index = rank_placement(here, size, grid->cell_count);
    int value = 0;
    for (int steps = 0; steps < UNREACHED; steps++) {
        if (memcmp(here, goal, (size_t)size) == 0) return value;
        int stored = packed_entry(packed, index);
        uint32_t taken = 0;
        for (int j = 0; j < size; j++) taken |= 1u << here[j];
        int stepped = 0;
        for (int i = 0; i < size && !stepped; i++) {
            int from = here[i];
            for (int k = 0; k < grid->neighbour_count[from] && !stepped; k++) {
                int to = grid->neighbours[from][k];
                if (taken & (1u << to)) continue;
                here[i] = (uint8_t)to;
                uint32_t moved_index = rank_placement(here, size, grid->cell_count);
                int change = cell_distance(grid, to, goal[i]) - cell_distance(grid, from, goal[i]) +
                             2 * step_of_remainders[stored][packed_entry(packed, moved_index)];
                if (change < 0) {
                    value -= change;
                    index = moved_index;
                    stepped = 1;
                } else {
                    here[i] = (uint8_t)from;
                }
            }
        }
        if (!stepped) return -1;
    }
    return -1;
}

/* A free cell's rank among the cells `taken` leaves free. */
static inline uint32_t free_rank(int cell, uint32_t taken) {
    return (uint32_t)(cell - bit_count(taken & ((1u << cell) - 1u)));
}

/* Marks (placement, every cell of `region`) reached; returns how many cells. */
static int mark_region(uint64_t *seen, const Grid *grid, uint32_t index, uint32_t free_count,
                       uint32_t region, uint32_t taken) {
    int count = 0;
    for (int cell = 0; cell < grid->cell_count; cell++) {
        if (!(region & (1u << cell))) continue;
        uint64_t state = (uint64_t)index * free_count + free_rank(cell, taken);
        seen[state >> 6] |= 1ull << (state & 63u);
        count++;
    }
    return count;
}

/* Reads a group (its goal cells, none of them `blank_cell`; -1: no blank cell to avoid) into
 * `cells`; returns its size, or 0 with an exception set. */
static int parse_group(PyObject *group_object, int cell_count, int blank_cell, uint8_t *cells) {
    PyObject *group_sequence = PySequence_Fast(group_object, "group must be a sequence");
    if (group_sequence == NULL) return 0;
    Py_ssize_t size = PySequence_Fast_GET_SIZE(group_sequence);
    if (size < 1 || size >= cell_count) {
        Py_DECREF(group_sequence);
        PyErr_SetString(PyExc_ValueError, "a group holds 1 to cells-1 goal cells");
        return 0;
    }
    uint32_t seen = 0;
    for (Py_ssize_t i = 0; i < size; i++) {
        long cell = PyLong_AsLong(PySequence_Fast_GET_ITEM(group_sequence, i));
        if (cell < 0 || cell >= cell_count || cell == blank_cell || (seen & (1u << cell))) {
            Py_DECREF(group_sequence);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad group cell");
            return 0;
        }
        seen |= 1u << cell;
        cells[i] = (uint8_t)cell;
    }
    Py_DECREF(group_sequence);
    return (int)size;
}

/* The taxicab distances of the group's tiles from their goal cells, summed. */
static inline int group_distance(const Grid *grid, const uint8_t *positions, const uint8_t *goal,
                                 int size) {
    int sum = 0;
    for (int i = 0; i < size; i++) sum += cell_distance(grid, positions[i], goal[i]);
    return sum;
}

static PyObject *build_table(PyObject *Py_UNUSED(self), PyObject *args) {
    int width, height, blank_cell;
    PyObject *group_object, *poll;
    if (!PyArg_ParseTuple(args, "iiiOO", &width, &height, &blank_cell, &group_object, &poll)) {
        return NULL;
    }
    int cell_count = width * height;
    if (width < 1 || height < 1 || cell_count > MAX_CELLS || blank_cell < 0 ||
        blank_cell >= cell_count) {
        PyErr_SetString(PyExc_ValueError, "unsupported board shape or blank cell");
        return NULL;
    }
    uint8_t start[MAX_CELLS];
    int group_size = parse_group(group_object, cell_count, blank_cell, start);
    if (group_size == 0) return NULL;

    Grid grid;
    grid_init(&grid, width, height);
    long long entries = placements(cell_count, group_size);
    if (entries > (long long)UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "a table's placements must be numbered in 32 bits");
        return NULL;
    }
    uint32_t free_count = (uint32_t)(cell_count - group_size);
    /* A state is a placement and the blank's cell, numbered placement * free cells + the
     * blank's rank among the free cells; a bit each says whether it was reached. A layer is
     * a bit per placement: those with a blank region first reached at that depth. */
    size_t state_words = (size_t)((entries * free_count + 63) / 64);
    size_t layer_words = (size_t)((entries + 63) / 64);
    PyObject *result = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)entries);
    uint64_t *seen = calloc(state_words, sizeof(uint64_t));
    uint64_t *layer = calloc(layer_words, sizeof(uint64_t));
    uint64_t *following = calloc(layer_words, sizeof(uint64_t));
    if (result == NULL || seen == NULL || layer == NULL || following == NULL) {
        Py_XDECREF(result);
        free(seen);
        free(layer);
        free(following);
        return PyErr_NoMemory();
    }
    uint8_t *table = (uint8_t *)PyBytes_AS_STRING(result);
    memset(table, UNREACHED, (size_t)entries);

    uint32_t occupied = 0;
    for (int i = 0; i < group_size; i++) occupied |= 1u << start[i];
    uint32_t start_index = rank_placement(start, group_size, cell_count);
    table[start_index] = 0;
    long long reached =
        mark_region(seen, &grid, start_index, free_count, blank_region(&grid, blank_cell, occupied),
                    occupied);
    layer[start_index >> 6] |= 1ull << (start_index & 63u);

    /* Breadth-first over (placement, blank region), layer by layer: the blank wanders its
     * region for free, so a region is reached (all its cells marked) at once, and expanding
     * it tries every group tile beside any cell of it. A layer's placement expands each of
     * its reached regions: one reached earlier only finds states already reached. */
    int stop = 0;
    long long layer_size = 1;
    PyThreadState *thread_state = NULL;
    for (int depth = 0; layer_size > 0 && depth < UNREACHED - 1; depth++) {
        stop = call_poll(poll, reached, 0);
        if (stop) break;
        thread_state = PyEval_SaveThread();
        layer_size = 0;
        long long until_poll = BUILD_POLL_INTERVAL;
        for (size_t word = 0; word < layer_words && !stop; word++) {
            uint64_t bits = layer[word];
            layer[word] = 0;
            while (bits) {
                uint32_t index = (uint32_t)(word * 64 + (size_t)count_trailing_zeros(bits));
                bits &= bits - 1u;
                if (--until_poll == 0) {
                    /* Within a long layer too, so Cancel is heard soon. */
                    until_poll = BUILD_POLL_INTERVAL;
                    PyEval_RestoreThread(thread_state);
                    stop = call_poll(poll, reached, 0);
                    thread_state = PyEval_SaveThread();
                }
                uint8_t positions[MAX_CELLS], moved[MAX_CELLS];
                int slot_of[MAX_CELLS];
                unrank_placement(index, group_size, cell_count, positions);
                uint32_t taken = 0;
                for (int cell = 0; cell < cell_count; cell++) slot_of[cell] = -1;
                for (int i = 0; i < group_size; i++) {
                    taken |= 1u << positions[i];
                    slot_of[positions[i]] = i;
                }
                uint32_t covered = taken;
                uint32_t all_cells = (1u << cell_count) - 1u;
                while (covered != all_cells) {
                    int blank = count_trailing_zeros(~(uint64_t)covered);
                    uint32_t region = blank_region(&grid, blank, taken);
                    covered |= region;
                    uint64_t state = (uint64_t)index * free_count + free_rank(blank, taken);
                    if (!(seen[state >> 6] & (1ull << (state & 63u)))) continue;
                    for (int cell = 0; cell < cell_count; cell++) {
                        if (!(region & (1u << cell))) continue;
                        for (int k = 0; k < grid.neighbour_count[cell]; k++) {
                            int tile_cell = grid.neighbours[cell][k];
                            int slot = slot_of[tile_cell];
                            if (slot < 0) continue;
                            memcpy(moved, positions, (size_t)group_size);
                            moved[slot] = (uint8_t)cell;
                            uint32_t moved_index = rank_placement(moved, group_size, cell_count);
                            uint32_t moved_taken = (taken & ~(1u << tile_cell)) | (1u << cell);
                            uint64_t moved_state = (uint64_t)moved_index * free_count +
                                                   free_rank(tile_cell, moved_taken);
                            if (seen[moved_state >> 6] & (1ull << (moved_state & 63u))) continue;
                            if (table[moved_index] == UNREACHED) {
                                table[moved_index] = (uint8_t)(depth + 1);
                            }
                            reached += mark_region(seen, &grid, moved_index, free_count,
                                                   blank_region(&grid, tile_cell, moved_taken),
                                                   moved_taken);
                            following[moved_index >> 6] |= 1ull << (moved_index & 63u);
                            layer_size++;
                        }
                    }
                }
            }
        }
        PyEval_RestoreThread(thread_state);
        if (stop) break;
        uint64_t *swap = layer;
        layer = following;
        following = swap;
    }
    free(seen);
    free(layer);
    free(following);
    if (stop) {
        Py_DECREF(result);
        if (stop < 0) return NULL;
        Py_RETURN_NONE;
    }
    return result;
}

static inline void prefetch(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address);
#else
    (void)address;
#endif
}

/* Calls poll(done, 0) from a loop that released the GIL; 0 go on, 1 stop, -1 an exception. */
static int poll_released(PyObject *poll, PyThreadState **thread_state, long long done) {
    PyEval_RestoreThread(*thread_state);
    int stop = call_poll(poll, done, 0);
    *thread_state = PyEval_SaveThread();
    return stop;
}

static PyObject *compact_table(PyObject *Py_UNUSED(self), PyObject *args) {
    int width, height;
    PyObject *group_object, *poll;
    Py_buffer exact;
    if (!PyArg_ParseTuple(args, "iiOy*O", &width, &height, &group_object, &exact, &poll)) {
        return NULL;
    }
    int cell_count = width * height;
    uint8_t goal[MAX_CELLS];
    int group_size = 0;
    if (width < 1 || height < 1 || cell_count > MAX_CELLS) {
        PyErr_SetString(PyExc_ValueError, "unsupported board shape");
    } else {
        group_size = parse_group(group_object, cell_count, -1, goal);
    }
    if (group_size > 0 && exact.len != placements(cell_count, group_size)) {
        PyErr_SetString(PyExc_ValueError, "the table must hold a byte for every placement");
        group_size = 0;
    }
    if (group_size == 0) {
        PyBuffer_Release(&exact);
        return NULL;
    }
    Grid grid;
    grid_init(&grid, width, height);
    int64_t weights[MAX_CELLS];
    digit_weights(group_size, cell_count, weights);
    uint32_t entries = (uint32_t)exact.len;
    size_t words = ((size_t)entries + 63) / 64;
    uint8_t *excess = malloc(entries);
    uint64_t *changed = malloc(words * sizeof(uint64_t));
    uint64_t *following = calloc(words, sizeof(uint64_t));
    PyObject *result = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)packed_size(entries));
    if (excess == NULL || changed == NULL || following == NULL || result == NULL) {
        PyBuffer_Release(&exact);
        free(excess);
        free(changed);
        free(following);
        Py_XDECREF(result);
        return PyErr_NoMemory();
    }
    const uint8_t *values = (const uint8_t *)exact.buf;
    int sound = 1, stop = 0;
    long long until_poll = BUILD_POLL_INTERVAL;
    PyThreadState *thread_state = PyEval_SaveThread();
    /* An entry is the taxicab distance of the group's tiles plus twice its excess (a move
     * changes both the distance and the entry by an odd number). Stored is the excess mod 3,
     * once the excess is lowered until no move raises it by more than one: each becomes the
     * least of its own and one more than a neighbour's, a lower bound still. The first pass
     * looks at every placement, later ones at those lowered in the last. Progress: every
     * entry is looked at twice (its excess, then its moves), the few lowered again left out
     * of the count. */
    PlacementWalk walk = {0};
    for (uint32_t index = 0; index < entries && sound && !stop; index++) {
        if (--until_poll == 0) {
            until_poll = BUILD_POLL_INTERVAL;
            stop = poll_released(poll, &thread_state, index);
        }
        if (values[index] == UNREACHED) {
            excess[index] = UNREACHED;
            continue;
        }
        const uint8_t *positions = walk_to(&walk, index, group_size, cell_count);
        int over = values[index] - group_distance(&grid, positions, goal, group_size);
        sound = over >= 0 && over % 2 == 0;
        excess[index] = (uint8_t)(over / 2);
    }
    memset(changed, 0xFF, words * sizeof(uint64_t));
    long long looked_at = entries;
    int any = sound, passes = 0;
    while (any && !stop) {
        any = 0;
        for (size_t word = 0; word < words && !stop; word++) {
            uint64_t bits = changed[word];
            while (bits) {
                uint32_t index = (uint32_t)(word * 64 + (size_t)count_trailing_zeros(bits));
                bits &= bits - 1u;
                /* Only the first pass meets placements no position reaches: one of them is
                 * lowered from a neighbour once (then looked at again), never from itself. */
                if (index >= entries) continue;
                looked_at++;
                if (--until_poll == 0) {
                    until_poll = BUILD_POLL_INTERVAL;
                    long long twice = 2 * (long long)entries;
                    stop = poll_released(poll, &thread_state,
                                         looked_at < twice ? looked_at : twice);
                }
                uint32_t moved[MAX_CELLS * 4];
                const uint8_t *positions = walk_to(&walk, index, group_size, cell_count);
                int count =
                    placement_moves(&grid, positions, group_size, index, weights, moved);
                /* In the first pass a move to a placement numbered lower was looked at from
                 * there (both ways), so only the others are: half the scattered reads, all
                 * fetched ahead. */
                int kept = 0;
                for (int m = 0; m < count; m++) {
                    if (passes > 0 || moved[m] > index) {
                        moved[kept++] = moved[m];
                        prefetch(excess + moved[m]);
                    }
                }
                for (int m = 0; m < kept; m++) {
                    uint32_t other = moved[m];
                    if (excess[other] > excess[index] + 1) {
                        excess[other] = (uint8_t)(excess[index] + 1);
                        following[other >> 6] |= 1ull << (other & 63u);
                        any = 1;
                    } else if (passes == 0 && excess[index] > excess[other] + 1 &&
                               excess[other] != UNREACHED) {
                        excess[index] = (uint8_t)(excess[other] + 1);
                        following[index >> 6] |= 1ull << (index & 63u);
                        any = 1;
                    }
                }
            }
        }
        uint64_t *swap = changed;
        changed = following;
        following = swap;
        memset(following, 0, words * sizeof(uint64_t));
        passes++;
    }
    uint8_t *packed = (uint8_t *)PyBytes_AS_STRING(result);
    memset(packed, 0, (size_t)packed_size(entries));
    for (uint32_t index = 0; index < entries; index++) {
        packed[index >> 2] |= (uint8_t)((excess[index] % 3) << ((index & 3u) << 1));
    }
    PyEval_RestoreThread(thread_state);
    if (stop == 0 && sound) stop = call_poll(poll, 2 * (long long)entries, 0);
    PyBuffer_Release(&exact);
    free(excess);
    free(changed);
    free(following);
    if (!sound || stop) {
        Py_DECREF(result);
        if (!sound) {
            PyErr_SetString(PyExc_ValueError, "the table is not a pattern table of its group");
        }
        if (stop < 0 || !sound) return NULL;
        Py_RETURN_NONE;
    }
    return result;
}

typedef struct {
    Grid grid;
    int group_count;
    int group_size[MAX_CELLS];
    uint8_t group_labels[MAX_CELLS][MAX_CELLS];
    const uint8_t *tables[MAX_CELLS];
    int group_of[MAX_CELLS];
    uint8_t board[MAX_CELLS];
    uint8_t cell_of[MAX_CELLS];
    uint8_t mirror_cell_of[MAX_CELLS];
    uint8_t transpose[MAX_CELLS];
    /* distance[label][cell]: the label's taxicab distance from its goal cell, there. */
    int distance[MAX_CELLS][MAX_CELLS];
    /* Each group's excess (`compact_table`) in the position and in its transpose; the sums
     * of the groups' entries. */
    int group_excess[MAX_CELLS], mirror_excess[MAX_CELLS];
    int direct_sum, mirror_sum, mirrored;
    /* Weighted IDA*: a node's cost is depth * weight_den + estimate * weight_num (1/1:
     * plain IDA*, whose first solution is a shortest one). A node whose depth + estimate
     * reaches length_limit is not searched: it leads to no solution shorter than that. */
    int weight_num, weight_den, length_limit;
    int blank, bound, next_bound, found_length;
    /* The move automaton: automaton[state * STEP_COUNT + step] is the state after the step,
     * or -1 where the step completes a redundant sequence and is not taken. */
    const int *automaton;
    uint8_t path[MAX_PATH];
    long long nodes, next_poll, poll_interval;
    PyObject *poll;
    PyThreadState *thread_state;
    int stop;
} Search;

/* The exact entry of group `number` for the position `cell_of` and its excess, or -1 (at the
 * root: each child's excess follows from its parent's, `exact_step`). */
static int root_entry(const Search *search, int number, const uint8_t *cell_of, int *excess) {
    uint8_t positions[MAX_CELLS];
    int size = search->group_size[number];
    const uint8_t *goal = search->group_labels[number];
    for (int i = 0; i < size; i++) positions[i] = cell_of[goal[i]];
    int entry = exact_value(&search->grid, search->tables[number], goal, positions, size);
    *excess = (entry - group_distance(&search->grid, positions, goal, size)) / 2;
    return entry;
}

/* Runs the poll with the GIL; records a stop (1) or an exception (-1). */
static int search_poll(Search *search) {
    PyEval_RestoreThread(search->thread_state);
    int stop = call_poll(search->poll, search->bound, search->nodes);
    search->thread_state = PyEval_SaveThread();
    search->stop = stop;
    return stop;
}

/* The index of group `number`'s entry once `label` sits at `cell` (in `cell_of`, restored). */
static inline uint32_t entry_after(const Search *search, int number, uint8_t *cell_of, int label,
                                   int cell) {
    uint8_t before = cell_of[label];
    cell_of[label] = (uint8_t)cell;
    uint8_t positions[MAX_CELLS];
    int size = search->group_size[number];
    for (int i = 0; i < size; i++) positions[i] = cell_of[search->group_labels[number][i]];
    cell_of[label] = before;
    return rank_placement(positions, size, search->grid.cell_count);
}

static int deepen(Search *search, int depth, int state) {
    int here = search->blank;
    const Grid *grid = &search->grid;
    const int *following = search->automaton + state * STEP_COUNT;
    /* Every child's table entries first, fetched ahead: the tables are far larger than the
     * caches near the core, so the children's fetches overlap instead of waiting one by one. */
    uint32_t direct_entry[4] = {0}, mirror_entry[4] = {0};
    for (int k = 0; k < grid->neighbour_count[here]; k++) {
        int cell = grid->neighbours[here][k];
        if (following[grid->steps[here][k]] < 0) continue;
        int label = search->board[cell];
        int number = search->group_of[label];
        direct_entry[k] = entry_after(search, number, search->cell_of, label, here);
        prefetch(search->tables[number] + (direct_entry[k] >> 2));
        if (search->mirrored) {
            int mirror_label = search->transpose[label];
            int mirror_number = search->group_of[mirror_label];
            mirror_entry[k] = entry_after(search, mirror_number, search->mirror_cell_of,
                                          mirror_label, search->transpose[here]);
            prefetch(search->tables[mirror_number] + (mirror_entry[k] >> 2));
        }
    }
    for (int k = 0; k < grid->neighbour_count[here]; k++) {
        int cell = grid->neighbours[here][k];
        int next_state = following[grid->steps[here][k]];
        if (next_state < 0) continue;
        search->nodes++;
        int label = search->board[cell];
        search->board[here] = (uint8_t)label;
        search->board[cell] = NO_LABEL;
        search->cell_of[label] = (uint8_t)here;
        search->blank = cell;
        int number = search->group_of[label];
        int old_excess = search->group_excess[number];
        int new_excess =
            exact_step(old_excess, packed_entry(search->tables[number], direct_entry[k]));
        search->group_excess[number] = new_excess;
        int change = search->distance[label][here] - search->distance[label][cell] +
                     2 * (new_excess - old_excess);
        search->direct_sum += change;
        int estimate = search->direct_sum;
        int mirror_label = 0, mirror_number = 0, old_mirror = 0, mirror_change = 0;
        if (search->mirrored) {
            mirror_label = search->transpose[label];
            mirror_number = search->group_of[mirror_label];
            old_mirror = search->mirror_excess[mirror_number];
            int mirror_here = search->transpose[here];
            search->mirror_cell_of[mirror_label] = (uint8_t)mirror_here;
            int new_mirror = exact_step(
                old_mirror, packed_entry(search->tables[mirror_number], mirror_entry[k]));
            search->mirror_excess[mirror_number] = new_mirror;
            mirror_change = search->distance[mirror_label][mirror_here] -
                            search->distance[mirror_label][search->transpose[cell]] +
                            2 * (new_mirror - old_mirror);
            search->mirror_sum += mirror_change;
            if (search->mirror_sum > estimate) estimate = search->mirror_sum;
        }
        int cost = (depth + 1) * search->weight_den + estimate * search->weight_num;
        int found = 0;
        if (depth + 1 + estimate >= search->length_limit) {
            /* No solution shorter than the limit below this node. */
        } else if (cost <= search->bound) {
            search->path[depth] = (uint8_t)label;
            if (estimate == 0) {
                found = 1;
                search->found_length = depth + 1;
            } else {
                found = depth + 1 < MAX_PATH && deepen(search, depth + 1, next_state);
            }
        } else if (cost < search->next_bound) {
            search->next_bound = cost;
        }
        search->board[here] = NO_LABEL;
        search->board[cell] = (uint8_t)label;
        search->cell_of[label] = (uint8_t)cell;
        search->blank = here;
        search->group_excess[number] = old_excess;
        search->direct_sum -= change;
        if (search->mirrored) {
            search->mirror_cell_of[mirror_label] = search->transpose[cell];
            search->mirror_excess[mirror_number] = old_mirror;
            search->mirror_sum -= mirror_change;
        }
        if (found) return 1;
        if (search->stop) return 0;
        if (search->nodes >= search->next_poll) {
            search->next_poll = search->nodes + search->poll_interval;
            if (search_poll(search)) return 0;
        }
    }
    return 0;
}

static PyObject *search(PyObject *Py_UNUSED(self), PyObject *args) {
    int width, height, mirrored;
    int weight_num = 1, weight_den = 1, length_limit = UNBOUNDED;
    long long poll_interval;
    PyObject *labels_object, *groups_object, *tables_object, *poll;
    Py_buffer automaton;
    if (!PyArg_ParseTuple(args, "iiOOOpy*OL|iii", &width, &height, &labels_object,
                          &groups_object, &tables_object, &mirrored, &automaton, &poll,
                          &poll_interval, &weight_num, &weight_den, &length_limit)) {
        return NULL;
    }
    Search *state = calloc(1, sizeof(Search));
    if (state == NULL) {
        PyBuffer_Release(&automaton);
        return PyErr_NoMemory();
    }
    PyObject *labels = NULL, *groups = NULL, *tables = NULL, *result = NULL;
    int cell_count = width * height;
    if (width < 1 || height < 1 || cell_count > MAX_CELLS || poll_interval < 1) {
        PyErr_SetString(PyExc_ValueError, "unsupported board shape");
        goto done;
    }
    if (weight_den < 1 || weight_num < weight_den || weight_num > MAX_WEIGHT_PART ||
        length_limit < 0) {
        PyErr_SetString(PyExc_ValueError, "the weight is a fraction of at least 1, parts up to "
                                          "64, and the length limit is not negative");
        goto done;
    }
    state->weight_num = weight_num;
    state->weight_den = weight_den;
    state->length_limit = length_limit;
    grid_init(&state->grid, width, height);
    /* Every transition checked once here, so the search never leaves the table. */
    Py_ssize_t transition_count = automaton.len / (Py_ssize_t)sizeof(int);
    Py_ssize_t state_count = transition_count / STEP_COUNT;
    int automaton_ok =
        automaton.len > 0 && automaton.len % (Py_ssize_t)(STEP_COUNT * sizeof(int)) == 0;
    for (Py_ssize_t i = 0; automaton_ok && i < transition_count; i++) {
        int target = ((const int *)automaton.buf)[i];
        automaton_ok = target >= -1 && target < state_count;
    }
    if (!automaton_ok) {
        PyErr_SetString(PyExc_ValueError, "the automaton must be whole transitions to its states");
        goto done;
    }
    state->automaton = (const int *)automaton.buf;
    labels = PySequence_Fast(labels_object, "labels must be a sequence");
    groups = PySequence_Fast(groups_object, "groups must be a sequence");
    tables = PySequence_Fast(tables_object, "tables must be a sequence");
    if (labels == NULL || groups == NULL || tables == NULL) goto done;
    if (PySequence_Fast_GET_SIZE(labels) != cell_count ||
        PySequence_Fast_GET_SIZE(groups) != PySequence_Fast_GET_SIZE(tables) ||
        PySequence_Fast_GET_SIZE(groups) > MAX_CELLS) {
        PyErr_SetString(PyExc_ValueError, "labels, groups and tables do not fit the shape");
        goto done;
    }
    state->blank = -1;
    uint32_t seen = 0;
    for (int cell = 0; cell < cell_count; cell++) {
        long label = PyLong_AsLong(PySequence_Fast_GET_ITEM(labels, cell));
        if (label == -1 && PyErr_Occurred()) goto done;
        if (label == -1) {
            state->board[cell] = NO_LABEL;
            state->blank = cell;
            continue;
        }
        if (label < 0 || label >= cell_count || (seen & (1u << label))) {
            PyErr_SetString(PyExc_ValueError, "labels must be distinct goal cells");
            goto done;
        }
        seen |= 1u << label;
        state->board[cell] = (uint8_t)label;
        state->cell_of[label] = (uint8_t)cell;
    }
    if (state->blank < 0) {
        PyErr_SetString(PyExc_ValueError, "the board has no blank");
        goto done;
    }
    int covered = 0;
    state->group_count = (int)PySequence_Fast_GET_SIZE(groups);
    for (int number = 0; number < state->group_count; number++) {
        PyObject *group = PySequence_Fast(PySequence_Fast_GET_ITEM(groups, number), "group");
        if (group == NULL) goto done;
        Py_ssize_t size = PySequence_Fast_GET_SIZE(group);
        int ok = size >= 1 && size < cell_count;
        for (Py_ssize_t i = 0; ok && i < size; i++) {
            long label = PyLong_AsLong(PySequence_Fast_GET_ITEM(group, i));
            ok = label >= 0 && label < cell_count && (seen & (1u << label));
            if (ok) {
                state->group_labels[number][i] = (uint8_t)label;
                state->group_of[label] = number;
                seen &= ~(1u << label);
                covered++;
            }
        }
        Py_DECREF(group);
        PyObject *table = PySequence_Fast_GET_ITEM(tables, number);
        if (!ok || !PyBytes_Check(table) ||
            PyBytes_GET_SIZE(table) != packed_size(placements(cell_count, (int)size))) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_ValueError, "groups must cover every tile once, "
                                                  "each with its table");
            }
            goto done;
        }
        state->group_size[number] = (int)size;
        state->tables[number] = (const uint8_t *)PyBytes_AS_STRING(table);
    }
    if (covered != cell_count - 1) {
        PyErr_SetString(PyExc_ValueError, "groups must cover every tile once");
        goto done;
    }
    state->mirrored = mirrored && width == height;
    for (int cell = 0; cell < cell_count; cell++) {
        /* Only a square board has a transpose; elsewhere the mirror stays an unused copy. */
        int flipped = (cell % width) * width + cell / width;
        state->transpose[cell] = (uint8_t)(state->mirrored ? flipped : cell);
    }
    for (int label = 0; label < cell_count; label++) {
        state->mirror_cell_of[state->transpose[label]] = state->transpose[state->cell_of[label]];
    }
    for (int label = 0; label < cell_count; label++) {
        for (int cell = 0; cell < cell_count; cell++) {
            state->distance[label][cell] = cell_distance(&state->grid, cell, label);
        }
    }
    state->direct_sum = state->mirror_sum = 0;
    for (int number = 0; number < state->group_count; number++) {
        int direct = root_entry(state, number, state->cell_of, &state->group_excess[number]);
        int mirror = state->mirrored ? root_entry(state, number, state->mirror_cell_of,
                                                  &state->mirror_excess[number])
                                     : 0;
        if (direct < 0 || mirror < 0) {
            PyErr_SetString(PyExc_ValueError, "a table is not a compact table of its group");
            goto done;
        }
        state->direct_sum += direct;
        state->mirror_sum += mirror;
    }
    state->poll = poll;
    state->poll_interval = poll_interval;
    state->next_poll = poll_interval;
    int start_estimate =
        state->direct_sum > state->mirror_sum ? state->direct_sum : state->mirror_sum;
    state->bound = start_estimate * weight_num;
    int found = 0, exhausted = 0;
    state->thread_state = PyEval_SaveThread();
    for (;;) {
        if (search_poll(state)) break;
        if (start_estimate >= length_limit) {
            exhausted = 1;
            break;
        }
        if (start_estimate == 0) {
            found = 1;
            state->found_length = 0;
            break;
        }
        state->next_bound = UNBOUNDED;
        if (deepen(state, 0, 0)) {
            found = 1;
            break;
        }
        if (state->stop) break;
        if (state->next_bound == UNBOUNDED && length_limit < UNBOUNDED) {
            /* Every node under the limit searched: no solution is shorter than it. */
            exhausted = 1;
            break;
        }
        if (state->next_bound == UNBOUNDED || state->next_bound > MAX_PATH * weight_num) {
            state->stop = -2;
            break;
        }
        state->bound = state->next_bound;
    }
    PyEval_RestoreThread(state->thread_state);
    if (state->stop == -2) {
        PyErr_SetString(PyExc_ValueError, "the board cannot reach its goal");
    } else if (exhausted) {
        result = Py_BuildValue("(OL)", Py_None, state->nodes);
    } else if (found) {
        PyObject *moved = PyList_New(state->found_length);
        if (moved != NULL) {
            for (int i = 0; i < state->found_length; i++) {
                PyList_SET_ITEM(moved, i, PyLong_FromLong(state->path[i]));
            }
            result = Py_BuildValue("(NL)", moved, state->nodes);
        }
    } else if (state->stop > 0) {
        result = Py_NewRef(Py_None);
    }
done:
    PyBuffer_Release(&automaton);
    Py_XDECREF(labels);
    Py_XDECREF(groups);
    Py_XDECREF(tables);
    free(state);
    return result;
}

static PyMethodDef methods[] = {
    {"build_table", build_table, METH_VARARGS,
     "build_table(width, height, blank_cell, group, poll) -> bytes | None\n\n"
     "The pattern table of `group` (goal cells) for goal blank `blank_cell`; poll(reached, 0)\n"
     "is called between layers and returns True to stop (then None)."},
    {"compact_table", compact_table, METH_VARARGS,
     "compact_table(width, height, group, table, poll) -> bytes | None\n\n"
     "The table (a byte an entry) in its compact form: the excess over the group's taxicab\n"
     "distance, lowered until a move changes it by at most one, stored mod 3 in 2 bits an\n"
     "entry, four to a byte. poll(entries looked at, 0) returns True to stop (then None)."},
    {"search", search, METH_VARARGS,
     "search(width, height, labels, groups, tables, mirrored, automaton, poll, poll_interval\n"
     "       [, weight_num, weight_den, length_limit]) -> (labels moved | None, nodes) | None\n\n"
     "IDA* on a relabelled board, taking the steps the move automaton (native ints: state *\n"
     "4 + step -> next state, or -1 for a step not taken) allows; poll(bound, nodes)\n"
     "returns True to stop (then None). Weighted by weight_num / weight_den (cost: depth *\n"
     "den + estimate * num), only solutions shorter than length_limit; (None, nodes) when\n"
     "there is none."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_search",
    .m_doc = "Compiled twin of core.search (IDA*) and core.pattern_db (table builds).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__search(void) {
    byte_bits_init();
    return PyModule_Create(&module);
}
