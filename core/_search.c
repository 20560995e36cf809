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
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

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
    /* Cell masks: the board, its first and last columns, each cell's neighbours. */
    uint32_t all_cells, first_column, last_column;
    uint32_t neighbour_mask[MAX_CELLS];
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
    grid->all_cells = grid->first_column = grid->last_column = 0;
    for (int cell = 0; cell < grid->cell_count; cell++) {
        grid->all_cells |= 1u << cell;
        if (cell % width == 0) grid->first_column |= 1u << cell;
        if (cell % width == width - 1) grid->last_column |= 1u << cell;
        grid->neighbour_mask[cell] = 0;
        for (int k = 0; k < grid->neighbour_count[cell]; k++) {
            grid->neighbour_mask[cell] |= 1u << grid->neighbours[cell][k];
        }
    }
}

/* Set bits of a cell mask. The builtin is the processor's instruction only where the build
 * enables it (not by default on x86-64: there it calls a library routine), so the counting is
 * done here by adding bits in parallel. */
static inline int bit_count(uint32_t bits) {
#if defined(__POPCNT__)
    return __builtin_popcount(bits);
#else
    bits = bits - ((bits >> 1) & 0x55555555u);
    bits = (bits & 0x33333333u) + ((bits >> 2) & 0x33333333u);
    return (int)((((bits + (bits >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
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

/* A walk over placements in increasing index order: the next placement's digits are the
 * last one's plus the difference, carried (mostly the last digit or two change), and only
 * the positions from the first changed digit on are found again. Any other placement is
 * unranked, which divides once a digit. */
typedef struct {
    uint32_t index;
    int started;
    uint8_t digits[MAX_CELLS];
    uint8_t positions[MAX_CELLS];
} PlacementWalk;

static const uint8_t *walk_to(PlacementWalk *walk, uint32_t index, int size, int cell_count) {
    int order = 0;
    if (walk->started && index > walk->index) {
        uint64_t carry = index - walk->index;
        for (order = size - 1;; order--) {
            uint64_t radix = (uint64_t)(cell_count - order), sum = walk->digits[order] + carry;
            if (sum < radix) {
                walk->digits[order] = (uint8_t)sum;
                break;
            }
            walk->digits[order] = (uint8_t)(sum % radix);
            carry = sum / radix;
        }
    } else {
        uint32_t rest = index;
        for (int digit = size - 1; digit >= 0; digit--) {
            uint32_t radix = (uint32_t)(cell_count - digit);
            walk->digits[digit] = (uint8_t)(rest % radix);
            rest /= radix;
        }
    }
    uint32_t taken = 0;
    for (int earlier = 0; earlier < order; earlier++) taken |= 1u << walk->positions[earlier];
    for (; order < size; order++) {
        uint32_t free_cells = ~taken;
        for (int skip = walk->digits[order]; skip > 0; skip--) free_cells &= free_cells - 1u;
        walk->positions[order] = (uint8_t)count_trailing_zeros(free_cells);
        taken |= 1u << walk->positions[order];
    }
    walk->index = index;
    walk->started = 1;
    return walk->positions;
}

/* Large pages (2 MB) for the compact tables, which a search reads all over: a lookup far
 * from the last one then seldom misses the address translation cache as well as the data
 * caches (about 5% of the search's time on the 130 MB 8-tile table). Linux gives them
 * (transparent huge pages) by default only to memory that asks, before it is first written;
 * elsewhere nothing is asked. A build's own arrays gain nothing measurable from them. */
#define LARGE_PAGE_BYTES ((uintptr_t)2 << 20)

/* Asks for large pages for the whole large pages inside `bytes` bytes from `memory`. */
static void advise_large_pages(void *memory, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    uintptr_t first = ((uintptr_t)memory + LARGE_PAGE_BYTES - 1) & ~(LARGE_PAGE_BYTES - 1);
    uintptr_t last = ((uintptr_t)memory + bytes) & ~(LARGE_PAGE_BYTES - 1);
    if (last > first) (void)madvise((void *)first, last - first, MADV_HUGEPAGE);
#else
    (void)memory;
    (void)bytes;
#endif
}

/* A bytes object of `size` bytes, not yet written, in large pages where they are given. */
static PyObject *large_bytes(Py_ssize_t size) {
    PyObject *bytes = PyBytes_FromStringAndSize(NULL, size);
    if (bytes != NULL) advise_large_pages(PyBytes_AS_STRING(bytes), (size_t)size);
    return bytes;
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

static inline void prefetch(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address);
#else
    (void)address;
#endif
}

/* Work split over threads: a table's build and compaction cut their work into chunks that
 * each thread claims in turn. Threads share the tables through atomic operations only
 * (marks are ORs, lowerings a compare-and-swap), so every order of the chunks gives the same
 * bytes. */
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
static inline uint64_t atomic_or_word(uint64_t *word, uint64_t bits) {
    return (uint64_t)_InterlockedOr64((volatile long long *)word, (long long)bits);
}
static inline uint64_t atomic_load_word(const uint64_t *word) {
    return *(const volatile uint64_t *)word;
}
static inline uint8_t atomic_load_byte(const uint8_t *byte) {
    return *(const volatile uint8_t *)byte;
}
static inline int atomic_replace_byte(uint8_t *byte, uint8_t expected, uint8_t value) {
    return (uint8_t)_InterlockedCompareExchange8((volatile char *)byte, (char)value,
                                                 (char)expected) == expected;
}
static inline long long atomic_add_count(long long *count, long long amount) {
    return _InterlockedExchangeAdd64(count, amount);
}
static inline int atomic_load_flag(const int *flag) { return *(const volatile int *)flag; }
static inline void atomic_store_flag(int *flag, int value) { *(volatile int *)flag = value; }
#else
static inline uint64_t atomic_or_word(uint64_t *word, uint64_t bits) {
    return __atomic_fetch_or(word, bits, __ATOMIC_RELAXED);
}
static inline uint64_t atomic_load_word(const uint64_t *word) {
    return __atomic_load_n(word, __ATOMIC_RELAXED);
}
static inline uint8_t atomic_load_byte(const uint8_t *byte) {
    return __atomic_load_n(byte, __ATOMIC_RELAXED);
}
static inline int atomic_replace_byte(uint8_t *byte, uint8_t expected, uint8_t value) {
    return __atomic_compare_exchange_n(byte, &expected, value, 0, __ATOMIC_RELAXED,
                                       __ATOMIC_RELAXED);
}
static inline long long atomic_add_count(long long *count, long long amount) {
    return __atomic_fetch_add(count, amount, __ATOMIC_RELAXED);
}
static inline int atomic_load_flag(const int *flag) {
    return __atomic_load_n(flag, __ATOMIC_ACQUIRE);
}
static inline void atomic_store_flag(int *flag, int value) {
    __atomic_store_n(flag, value, __ATOMIC_RELEASE);
}
#endif

/* Lowers `*byte` to `value` unless it is already as low; returns whether it lowered it. */
static inline int lower_byte(uint8_t *byte, uint8_t value) {
    uint8_t now = atomic_load_byte(byte);
    while (now > value) {
        if (atomic_replace_byte(byte, now, value)) return 1;
        now = atomic_load_byte(byte);
    }
    return 0;
}

#define MAX_THREADS 64

/* Chunks of work run by several threads: `work(parallel, chunk)` for every chunk, each by
 * whichever thread claims it, returning how much it did (placements looked at); `done`
 * counts what the work reports for progress. */
typedef struct Parallel {
    long long (*work)(struct Parallel *parallel, long long chunk);
    void *context;
    long long chunk_count;
    long long next_chunk;
    long long done;
    int stop;
    /* The most progress reported (0: no limit). */
    long long progress_cap;
} Parallel;

static void work_chunks(Parallel *parallel) {
    while (!atomic_load_flag(&parallel->stop)) {
        long long chunk = atomic_add_count(&parallel->next_chunk, 1);
        if (chunk >= parallel->chunk_count) return;
        parallel->work(parallel, chunk);
    }
}

#ifdef _WIN32
#include <windows.h>
typedef HANDLE Worker;
static DWORD WINAPI worker_main(LPVOID parallel) {
    work_chunks((Parallel *)parallel);
    return 0;
}
static int worker_start(Worker *worker, Parallel *parallel) {
    *worker = CreateThread(NULL, 0, worker_main, parallel, 0, NULL);
    return *worker != NULL;
}
static void worker_join(Worker worker) {
    WaitForSingleObject(worker, INFINITE);
    CloseHandle(worker);
}
#else
#include <pthread.h>
typedef pthread_t Worker;
static void *worker_main(void *parallel) {
    work_chunks((Parallel *)parallel);
    return NULL;
}
static int worker_start(Worker *worker, Parallel *parallel) {
    return pthread_create(worker, NULL, worker_main, parallel) == 0;
}
static void worker_join(Worker worker) { pthread_join(worker, NULL); }
#endif

/* Runs every chunk of `parallel` on up to `threads` threads, the calling one among them (it
 * holds no GIL: `*thread_state` is its saved state). Between its own chunks the calling
 * thread takes the GIL to call poll(progress_base + done, 0), which may stop the work (1;
 * -1 with an exception set); returns that. A thread that cannot be started leaves its share
 * to the others. */
static int run_parallel(Parallel *parallel, int threads, PyObject *poll,
                        PyThreadState **thread_state, long long progress_base) {
    Worker workers[MAX_THREADS];
    int started = 0;
    for (int extra = 1; extra < threads && extra < MAX_THREADS; extra++) {
        if (!worker_start(&workers[started], parallel)) break;
        started++;
    }
    int stop = 0;
    long long until_poll = BUILD_POLL_INTERVAL;
    while (!stop) {
        long long chunk = atomic_add_count(&parallel->next_chunk, 1);
        if (chunk >= parallel->chunk_count) break;
        until_poll -= parallel->work(parallel, chunk);
        if (until_poll <= 0 && poll != Py_None) {
            until_poll = BUILD_POLL_INTERVAL;
            PyEval_RestoreThread(*thread_state);
            long long progress = progress_base + atomic_add_count(&parallel->done, 0);
            if (parallel->progress_cap > 0 && progress > parallel->progress_cap) {
                progress = parallel->progress_cap;
            }
            stop = call_poll(poll, progress, 0);
            *thread_state = PyEval_SaveThread();
        }
    }
    if (stop) atomic_store_flag(&parallel->stop, stop);
    for (int worker = 0; worker < started; worker++) worker_join(workers[worker]);
    return stop;
}

/* Threads asked for (0 or less: one). */
static int thread_count(int asked) {
    if (asked < 1) return 1;
    return asked < MAX_THREADS ? asked : MAX_THREADS;
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

/* How the index of a placement changes when slot `slot`'s tile moves from `from` to `to`
 * (`earlier`: the cells of the slots before it; `later`: those after it): its digit by
 * to - from less the earlier tiles between them (more, going back), and each later tile's
 * between them by one, the way the tile went. */
static inline int64_t index_change(const int64_t *weights, const int *slot_of, int slot, int from,
                                   int to, uint32_t earlier, uint32_t later) {
    int low = from < to ? from : to, high = from < to ? to : from;
    uint32_t between = ((1u << high) - 1u) & ~((2u << low) - 1u);
    int way = to > from ? 1 : -1;
    int64_t change = (int64_t)(to - from - way * bit_count(earlier & between)) * weights[slot];
    uint32_t passed = later & between;
    while (passed) {
        change += way * weights[slot_of[count_trailing_zeros(passed)]];
        passed &= passed - 1u;
    }
    return change;
}

/* The placements one move of one group tile (into a cell beside it that no group tile
 * holds) leads to from `positions`, numbered `index`, into `moved_indices`; returns how many.
 * Each index is `index` changed (`index_change`), not ranked again. `upward_only`: only the
 * moves into a cell numbered higher, which are those to a placement numbered higher (the
 * moved tile's digit grows, and the later digits weigh less). */
static int placement_moves(const Grid *grid, const uint8_t *positions, int size, uint32_t index,
                           const int64_t *weights, int upward_only, uint32_t *moved_indices) {
    uint32_t taken = 0;
    int slot_of[MAX_CELLS];
    for (int slot = 0; slot < size; slot++) {
        taken |= 1u << positions[slot];
        slot_of[positions[slot]] = slot;
    }
    uint32_t earlier = 0;
    int count = 0;
    for (int slot = 0; slot < size; slot++) {
        int from = positions[slot];
        uint32_t later = taken & ~earlier & ~(1u << from);
        uint32_t into = grid->neighbour_mask[from] & ~taken;
        if (upward_only) into &= ~((2u << from) - 1u);
        for (; into; into &= into - 1u) {
            int to = count_trailing_zeros(into);
            int64_t change = index_change(weights, slot_of, slot, from, to, earlier, later);
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

/* A free cell's rank among the cells `taken` leaves free. */
static inline uint32_t free_rank(int cell, uint32_t taken) {
    return (uint32_t)(cell - bit_count(taken & ((1u << cell) - 1u)));
}

static inline int bit_count_word(uint64_t bits) {
    return bit_count((uint32_t)bits) + bit_count((uint32_t)(bits >> 32));
}

/* `cells` and every cell beside one of them. */
static inline uint32_t grown(const Grid *grid, uint32_t cells) {
    uint32_t sideways = ((cells << 1) & ~grid->first_column) | ((cells >> 1) & ~grid->last_column);
    return (cells | sideways | (cells << grid->width) | (cells >> grid->width)) & grid->all_cells;
}

/* Every cell of `open` the blank reaches from the cells of `start` (open too). */
static inline uint32_t flood(const Grid *grid, uint32_t start, uint32_t open) {
    uint32_t region = start, larger;
    while ((larger = grown(grid, region) & open) != region) region = larger;
    return region;
}

/* A table's build (`build_table`): a breadth-first search over states (placement, blank
 * cell) where the blank's moves among the free cells cost nothing. A state's 2 bits say
 * whether it was reached and whether it was expanded: */
enum {
    STATE_UNREACHED = 0,
    /* Reached at an even (odd) depth, not yet expanded: at layer d only those of d's
     * parity are expanded, those reached in the layer have the other one. */
    STATE_EVEN = 1,
    STATE_ODD = 2,
    STATE_EXPANDED = 3,
};

/* A state's 2 bits sit at (placement * free cells + the blank's rank among them) * 2 of
 * `states`. A layer is a bit per placement: those with a state reached at that depth. */
typedef struct {
    Grid grid;
    int size, depth;
    uint32_t free_count;
    int64_t weights[MAX_CELLS];
    uint64_t *states, *layer, *following;
    uint8_t *table;
    long long layer_words, following_size, entries;
    /* Once layers are large, each is found by a scan of `states` for its code instead of
     * the bitmaps, which are then neither read nor written (`build_table`). */
    int scanning;
    /* Whether the layer is taken backwards (`reach_placement_backwards`), scanning too. */
    int backwards;
} TableBuild;

/* Which way a build takes its layers (`build_table`'s `direction`; core.pattern_db's
 * BuildDirection): forwards, expanding each state of the layer, or backwards, each
 * unreached state looking for a move from the layer. Automatic goes backwards once a layer
 * reaches more states than are left unreached: most of those left then find a state of the
 * layer among their first few moves, where forwards every move of the layer is made. */
enum { BUILD_AUTOMATIC = 0, BUILD_FORWARDS = 1, BUILD_BACKWARDS = 2 };

/* An automatic build scans for a layer once it holds more states than the placements over
 * this (forwards keeps the bitmaps: the tests hold every way to the pure twin). */
#define SCANNED_LAYER_SHARE 8

/* Placements of a layer claimed at a time: 64 a word. */
#define LAYER_CHUNK_WORDS 256

/* The low bit of every state's 2 bits in a word. */
#define STATE_LOW_BITS 0x5555555555555555ull

/* The `count` bits (up to 64) of `bits` from bit `at` on. */
static inline uint64_t read_field(const uint64_t *bits, uint64_t at, uint32_t count) {
    size_t word = (size_t)(at >> 6);
    unsigned shift = (unsigned)(at & 63u);
    uint64_t value = atomic_load_word(&bits[word]) >> shift;
    if (shift + count > 64) value |= atomic_load_word(&bits[word + 1]) << (64 - shift);
    return count == 64 ? value : value & ((1ull << count) - 1u);
}

/* ORs `value` (`count` bits) into `bits` from bit `at` on; returns the bits there before. */
static inline uint64_t or_field(uint64_t *bits, uint64_t at, uint64_t value, uint32_t count) {
    size_t word = (size_t)(at >> 6);
    unsigned shift = (unsigned)(at & 63u);
    uint64_t before = atomic_or_word(&bits[word], value << shift) >> shift;
    if (shift + count > 64) {
        before |= atomic_or_word(&bits[word + 1], value >> (64 - shift)) << (64 - shift);
    }
    return count == 64 ? before : before & ((1ull << count) - 1u);
}

/* `code` in the 2 bits of every free cell of `region` (ranked among those `taken` leaves). */
static inline uint64_t region_codes(uint32_t region, uint32_t taken, uint64_t code) {
    uint64_t codes = 0;
    while (region) {
        int cell = count_trailing_zeros(region);
        region &= region - 1u;
        codes |= code << (2 * free_rank(cell, taken));
    }
    return codes;
}

/* `region_codes` for the placement whose tile at `from` moved to `to`, from `below` (for
 * each cell, the tiles below it before the move): ranks without counting bits. */
static inline uint64_t moved_region_codes(uint32_t region, const uint8_t *below, int from, int to,
                                          uint64_t code) {
    uint64_t codes = 0;
    while (region) {
        int cell = count_trailing_zeros(region);
        region &= region - 1u;
        int rank = cell - below[cell] + (from < cell) - (to < cell);
        codes |= code << (2 * rank);
    }
    return codes;
}

typedef struct {
    uint32_t index, taken;
    int blank, to;
    uint64_t state;
} TileMove;

/* A placement's cells as its moves need them. */
typedef struct {
    uint32_t taken, open;
    /* earlier[slot]: the cells of the tiles before `slot`; slot_of[cell]: the tile there. */
    uint32_t earlier[MAX_CELLS];
    int slot_of[MAX_CELLS];
    /* below[cell]: the tiles in cells numbered lower, so a free cell's rank is cell - below. */
    uint8_t below[MAX_CELLS];
} PlacementCells;

static void describe_placement(const TableBuild *build, const uint8_t *positions,
                               PlacementCells *cells) {
    uint32_t taken = 0;
    for (int slot = 0; slot < build->size; slot++) {
        cells->earlier[slot] = taken;
        taken |= 1u << positions[slot];
        cells->slot_of[positions[slot]] = slot;
    }
    for (int cell = 0, count = 0; cell < build->grid.cell_count; cell++) {
        cells->below[cell] = (uint8_t)count;
        count += (int)(taken >> cell & 1u);
    }
    cells->taken = taken;
    cells->open = build->grid.all_cells & ~taken;
}

/* Appends to `moves` every move of a group tile beside `region` (a blank region of the
 * placement numbered `index`) into it: the moved placement, with the blank where the tile
 * was. Moves are undone by moving the tile back, so these are also the states a move leads
 * from into the region. Returns the count appended. */
static int region_moves(const TableBuild *build, const PlacementCells *cells, uint32_t index,
                        uint32_t region, TileMove *moves) {
    const Grid *grid = &build->grid;
    int move_count = 0;
    for (uint32_t tiles = grown(grid, region) & cells->taken; tiles; tiles &= tiles - 1u) {
        int from = count_trailing_zeros(tiles);
        int slot = cells->slot_of[from];
        uint32_t later = cells->taken & ~cells->earlier[slot] & ~(1u << from);
        for (uint32_t into = grid->neighbour_mask[from] & region; into; into &= into - 1u) {
            int to = count_trailing_zeros(into);
            TileMove *move = &moves[move_count++];
            move->index = (uint32_t)((int64_t)index + index_change(build->weights, cells->slot_of,
                                                                   slot, from, to,
                                                                   cells->earlier[slot], later));
            move->taken = cells->taken ^ (1u << from) ^ (1u << to);
            move->blank = from;
            move->to = to;
            /* The cell the tile left: the tiles below it lose the moved one if it went up,
             * none otherwise. */
            int rank = from - cells->below[from] + (to < from ? -1 : 0);
            move->state = ((uint64_t)move->index * build->free_count + (uint64_t)rank) * 2;
        }
    }
    return move_count;
}

/* The code of the states reached at `depth`, not yet expanded. */
static inline uint64_t layer_code(int depth) {
    return (uint64_t)(depth % 2 == 0 ? STATE_EVEN : STATE_ODD);
}

/* The low bit of each of a placement's states (`codes`, `field` bits) of the layer at
 * `depth`. */
static inline uint64_t layer_states(uint64_t codes, int depth, uint64_t field_low) {
    uint64_t in_layer = layer_code(depth) == STATE_EVEN ? codes & ~(codes >> 1) : (codes >> 1) & ~codes;
    return in_layer & field_low;
}

/* The low bit of each state's 2 bits in a field of `field` bits. */
static inline uint64_t field_low_bits(uint32_t field) {
    return STATE_LOW_BITS & (field == 64 ? ~0ull : (1ull << field) - 1u);
}

/* Expands the states of `positions` (numbered `index`) reached at the build's depth: each
 * move of a group tile into the blank's region reaches the moved placement's region around
 * the cell the tile left, at the next depth, unless reached before. Returns the states
 * reached; `*added` counts the placements the next layer gains. */
static long long expand_placement(TableBuild *build, const uint8_t *positions, uint32_t index,
                                  long long *added) {
    const Grid *grid = &build->grid;
    uint32_t free_count = build->free_count, field = 2 * free_count;
    uint64_t expanding = layer_code(build->depth);
    uint64_t next_code = STATE_EVEN + STATE_ODD - expanding;
    PlacementCells cells;
    describe_placement(build, positions, &cells);
    uint64_t codes = read_field(build->states, (uint64_t)index * field, field);
    TileMove moves[MAX_CELLS * 4];
    int move_count = 0;
    uint64_t expanded = 0;
    for (uint32_t left = cells.open; left;) {
        int blank = count_trailing_zeros(left);
        uint32_t region = flood(grid, 1u << blank, cells.open);
        left &= ~region;
        if ((codes >> (2 * (blank - cells.below[blank])) & 3u) != expanding) continue;
        expanded |= moved_region_codes(region, cells.below, 0, 0, STATE_EXPANDED);
        int first = move_count;
        move_count += region_moves(build, &cells, index, region, moves + move_count);
        /* Fetched ahead: the moves' states lie far apart in a table far larger than the
         * caches, and their fetches overlap instead of waiting one by one. */
        for (int m = first; m < move_count; m++) {
            prefetch(build->states + (moves[m].state >> 6));
            if (!build->scanning) prefetch(build->following + (moves[m].index >> 6));
        }
    }
    if (expanded) or_field(build->states, (uint64_t)index * field, expanded, field);
    long long reached = 0;
    for (int m = 0; m < move_count; m++) {
        const TileMove *move = &moves[m];
        if (read_field(build->states, move->state, 2) != STATE_UNREACHED) continue;
        uint32_t region = flood(grid, 1u << move->blank, grid->all_cells & ~move->taken);
        uint64_t marks = moved_region_codes(region, cells.below, move->blank, move->to, next_code);
        uint64_t before = or_field(build->states, (uint64_t)move->index * field, marks, field);
        /* Only states reached for the first time count (another thread may have marked
         * them too): unreached ones were 0 in both bits. */
        uint64_t held = (before | before >> 1) & STATE_LOW_BITS;
        uint64_t fresh = marks & ~(held | held << 1);
        if (!fresh) continue;
        reached += bit_count_word(fresh);
        if (build->scanning) continue;
        uint64_t bit = 1ull << (move->index & 63u);
        if (!(atomic_or_word(&build->following[move->index >> 6], bit) & bit)) (*added)++;
    }
    return reached;
}

/* The layer at the build's depth taken backwards, for the placement `index` (walked to by
 * `walk`) whose states' codes are `codes`: each unreached region looks for a move from a
 * state of the layer and is reached at the next depth on the first one found; the layer's
 * own states are marked expanded. Before the layer no state of a lower depth is left
 * unexpanded, and an unreached state's neighbours lie no lower than the layer, so a
 * neighbour reached and not of the next depth's code (marked in this pass) is in the layer,
 * whether or not its placement was already looked at. Only this call writes `index`'s
 * states. Returns the states reached. */
static long long reach_placement_backwards(TableBuild *build, PlacementWalk *walk, uint32_t index,
                                           uint64_t codes) {
    const Grid *grid = &build->grid;
    uint32_t free_count = build->free_count, field = 2 * free_count;
    uint64_t current = layer_code(build->depth);
    uint64_t next_code = STATE_EVEN + STATE_ODD - current;
    uint64_t field_low = field_low_bits(field);
    uint64_t unreached = ~(codes | codes >> 1) & field_low;
    uint64_t in_layer = layer_states(codes, build->depth, field_low);
    /* Layers come in order of depth: the first one a placement has states in is its entry. */
    if (in_layer && build->table[index] == UNREACHED) build->table[index] = (uint8_t)build->depth;
    uint64_t marks = (in_layer | in_layer << 1);
    if (unreached) {
        PlacementCells cells;
        describe_placement(build, walk_to(walk, index, build->size, grid->cell_count), &cells);
        for (uint32_t left = cells.open; left;) {
            int blank = count_trailing_zeros(left);
            uint32_t region = flood(grid, 1u << blank, cells.open);
            left &= ~region;
            if (!(unreached >> (2 * (blank - cells.below[blank])) & 1u)) continue;
            TileMove moves[MAX_CELLS * 4];
            int move_count = region_moves(build, &cells, index, region, moves);
            for (int m = 0; m < move_count; m++) prefetch(build->states + (moves[m].state >> 6));
            for (int m = 0; m < move_count; m++) {
                uint64_t code = read_field(build->states, moves[m].state, 2);
                if (code != STATE_UNREACHED && code != next_code) {
                    marks |= moved_region_codes(region, cells.below, 0, 0, next_code);
                    break;
                }
            }
        }
    }
    if (!marks) return 0;
    or_field(build->states, (uint64_t)index * field, marks, field);
    uint64_t fresh = (marks | marks >> 1) & unreached;
    if (!fresh) return 0;
    if (build->table[index] == UNREACHED) build->table[index] = (uint8_t)(build->depth + 1);
    return bit_count_word(fresh);
}

/* The layer's placements in one chunk of its words, in index order. */
static long long expand_layer_chunk(Parallel *parallel, long long chunk) {
    TableBuild *build = parallel->context;
    long long first = chunk * LAYER_CHUNK_WORDS, last = first + LAYER_CHUNK_WORDS;
    if (last > build->layer_words) last = build->layer_words;
    PlacementWalk walk = {0};
    long long reached = 0, added = 0, expanded = 0;
    for (long long word = first; word < last; word++) {
        uint64_t bits = build->layer[word];
        if (!bits) continue;
        build->layer[word] = 0;
        while (bits) {
            uint32_t index = (uint32_t)(word * 64 + count_trailing_zeros(bits));
            bits &= bits - 1u;
            /* Layers come in order of depth, so the first one a placement is in is its
             * entry; this chunk alone writes it. */
            if (build->table[index] == UNREACHED) build->table[index] = (uint8_t)build->depth;
            const uint8_t *positions = walk_to(&walk, index, build->size, build->grid.cell_count);
            reached += expand_placement(build, positions, index, &added);
            expanded++;
        }
    }
    atomic_add_count(&parallel->done, reached);
    atomic_add_count(&build->following_size, added);
    return expanded;
}

/* Every placement of one chunk of the layer's words, in index order, from the states
 * alone (no bitmaps): backwards (`build->backwards`) each that has an unreached state or
 * one of the layer, else forwards each that has one of the layer. */
static long long scan_chunk(Parallel *parallel, long long chunk) {
    TableBuild *build = parallel->context;
    long long first = chunk * LAYER_CHUNK_WORDS * 64, last = first + LAYER_CHUNK_WORDS * 64;
    if (last > build->entries) last = build->entries;
    uint32_t field = 2 * build->free_count;
    uint64_t field_low = field_low_bits(field);
    PlacementWalk walk = {0};
    long long reached = 0, added = 0;
    for (long long index = first; index < last; index++) {
        uint64_t codes = read_field(build->states, (uint64_t)index * field, field);
        if (build->backwards) {
            /* Every state reached and expanded: nothing to do. */
            if ((codes & codes >> 1 & field_low) == field_low) continue;
            reached += reach_placement_backwards(build, &walk, (uint32_t)index, codes);
            continue;
        }
        if (!layer_states(codes, build->depth, field_low)) continue;
        if (build->table[index] == UNREACHED) build->table[index] = (uint8_t)build->depth;
        const uint8_t *positions =
            walk_to(&walk, (uint32_t)index, build->size, build->grid.cell_count);
        reached += expand_placement(build, positions, (uint32_t)index, &added);
    }
    atomic_add_count(&parallel->done, reached);
    return last - first;
}

static void free_build(TableBuild *build) {
    free(build->states);
    free(build->layer);
    free(build->following);
}

static PyObject *build_table(PyObject *Py_UNUSED(self), PyObject *args) {
    int width, height, blank_cell, threads = 1, direction = BUILD_AUTOMATIC;
    PyObject *group_object, *poll;
    if (!PyArg_ParseTuple(args, "iiiOO|ii", &width, &height, &blank_cell, &group_object, &poll,
                          &threads, &direction)) {
        return NULL;
    }
    int cell_count = width * height;
    if (width < 1 || height < 1 || cell_count > MAX_CELLS || blank_cell < 0 ||
        blank_cell >= cell_count || direction < BUILD_AUTOMATIC || direction > BUILD_BACKWARDS) {
        PyErr_SetString(PyExc_ValueError, "unsupported board shape, blank cell or direction");
        return NULL;
    }
    uint8_t start[MAX_CELLS];
    int group_size = parse_group(group_object, cell_count, blank_cell, start);
    if (group_size == 0) return NULL;
    long long entries = placements(cell_count, group_size);
    if (entries > (long long)UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "a table's placements must be numbered in 32 bits");
        return NULL;
    }
    TableBuild *build = calloc(1, sizeof(TableBuild));
    if (build == NULL) return PyErr_NoMemory();
    grid_init(&build->grid, width, height);
    build->size = group_size;
    build->free_count = (uint32_t)(cell_count - group_size);
    build->entries = entries;
    digit_weights(group_size, cell_count, build->weights);
    /* One word more than the states need: a placement's field is read and written as up to
     * two words. */
    size_t state_words = (size_t)((entries * build->free_count * 2 + 63) / 64) + 1;
    build->layer_words = (entries + 63) / 64;
    PyObject *result = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)entries);
    build->states = calloc(state_words, sizeof(uint64_t));
    build->layer = calloc((size_t)build->layer_words, sizeof(uint64_t));
    build->following = calloc((size_t)build->layer_words, sizeof(uint64_t));
    if (result == NULL || build->states == NULL || build->layer == NULL ||
        build->following == NULL) {
        Py_XDECREF(result);
        free_build(build);
        free(build);
        return PyErr_NoMemory();
    }
    build->table = (uint8_t *)PyBytes_AS_STRING(result);
    memset(build->table, UNREACHED, (size_t)entries);

    uint32_t occupied = 0;
    for (int i = 0; i < group_size; i++) occupied |= 1u << start[i];
    uint32_t start_index = rank_placement(start, group_size, cell_count);
    uint32_t start_region = flood(&build->grid, 1u << blank_cell, build->grid.all_cells & ~occupied);
    or_field(build->states, (uint64_t)start_index * build->free_count * 2,
             region_codes(start_region, occupied, STATE_EVEN), build->free_count * 2);
    long long reached = bit_count(start_region);
    build->layer[start_index >> 6] |= 1ull << (start_index & 63u);

    int stop = 0;
    build->backwards = direction == BUILD_BACKWARDS;
    long long layer_size = 1, frontier = reached, states = entries * build->free_count;
    for (int depth = 0; layer_size > 0 && depth < UNREACHED - 1 && !stop; depth++) {
        stop = call_poll(poll, reached, 0);
        if (stop) break;
        build->depth = depth;
        build->following_size = 0;
        if (direction == BUILD_AUTOMATIC && frontier > states - reached) build->backwards = 1;
        /* A layer with a state for every few placements: its moves' scattered writes to
         * the bitmaps cost more than a scan of every placement's states. */
        if (build->backwards ||
            (direction == BUILD_AUTOMATIC && frontier > entries / SCANNED_LAYER_SHARE)) {
            build->scanning = 1;
        }
        Parallel parallel = {build->scanning ? scan_chunk : expand_layer_chunk, build, 0, 0, 0,
                             0, 0};
        /* Scanned, every placement is looked at, else those of the layer: chunks of the
         * same placements either way. */
        parallel.chunk_count = (build->layer_words + LAYER_CHUNK_WORDS - 1) / LAYER_CHUNK_WORDS;
        PyThreadState *thread_state = PyEval_SaveThread();
        stop = run_parallel(&parallel, thread_count(threads), poll, &thread_state, reached);
        PyEval_RestoreThread(thread_state);
        reached += parallel.done;
        frontier = parallel.done;
        layer_size = build->scanning ? frontier : build->following_size;
        /* The layer's words were cleared as they were read: it is the next one's start. */
        uint64_t *swap = build->layer;
        build->layer = build->following;
        build->following = swap;
    }
    free_build(build);
    free(build);
    if (stop) {
        Py_DECREF(result);
        if (stop < 0) return NULL;
        Py_RETURN_NONE;
    }
    return result;
}

/* A table's compaction (`compact_table`). */
typedef struct {
    Grid grid;
    int size, passes, sound;
    uint8_t goal[MAX_CELLS];
    int64_t weights[MAX_CELLS];
    const uint8_t *values;
    uint8_t *excess, *packed;
    uint64_t *changed, *following;
    uint32_t entries;
    long long words, lowered;
} Compaction;

/* Entries looked at a time (a multiple of 256: whole bytes and words). */
#define COMPACT_CHUNK_ENTRIES (1 << 14)

/* Each entry's excess over the group's taxicab distance, halved. */
static long long excess_chunk(Parallel *parallel, long long chunk) {
    Compaction *compaction = parallel->context;
    uint32_t first = (uint32_t)(chunk * COMPACT_CHUNK_ENTRIES), last = compaction->entries;
    if (last - first > COMPACT_CHUNK_ENTRIES) last = first + COMPACT_CHUNK_ENTRIES;
    PlacementWalk walk = {0};
    int sound = 1;
    for (uint32_t index = first; index < last && sound; index++) {
        uint8_t value = compaction->values[index];
        if (value == UNREACHED) {
            compaction->excess[index] = UNREACHED;
            continue;
        }
        const uint8_t *positions = walk_to(&walk, index, compaction->size, compaction->grid.cell_count);
        int over = value - group_distance(&compaction->grid, positions, compaction->goal,
                                          compaction->size);
        sound = over >= 0 && over % 2 == 0;
        compaction->excess[index] = (uint8_t)(over / 2);
    }
    if (!sound) atomic_store_flag(&compaction->sound, 0);
    atomic_add_count(&parallel->done, last - first);
    return last - first;
}

/* The placements of one chunk of the changed ones: each lowers its neighbours' excess to one
 * more than its own (and, in the first pass, its own to one more than a neighbour's). */
static long long lower_chunk(Parallel *parallel, long long chunk) {
    Compaction *compaction = parallel->context;
    long long first = chunk * (COMPACT_CHUNK_ENTRIES / 64), last = first + COMPACT_CHUNK_ENTRIES / 64;
    if (last > compaction->words) last = compaction->words;
    uint8_t *excess = compaction->excess;
    PlacementWalk walk = {0};
    long long looked_at = 0, lowered = 0;
    for (long long word = first; word < last; word++) {
        uint64_t bits = compaction->changed[word];
        while (bits) {
            uint32_t index = (uint32_t)(word * 64 + count_trailing_zeros(bits));
            bits &= bits - 1u;
            /* Only the first pass meets placements no position reaches: one of them is
             * lowered from a neighbour once (then looked at again), never from itself. */
            if (index >= compaction->entries) continue;
            looked_at++;
            uint32_t moved[MAX_CELLS * 4];
            const uint8_t *positions =
                walk_to(&walk, index, compaction->size, compaction->grid.cell_count);
            /* In the first pass a move to a placement numbered lower was looked at from
             * there (both ways), so only the others are: half the scattered reads, all
             * fetched ahead. */
            int count = placement_moves(&compaction->grid, positions, compaction->size, index,
                                        compaction->weights, compaction->passes == 0, moved);
            for (int m = 0; m < count; m++) prefetch(excess + moved[m]);
            for (int m = 0; m < count; m++) {
                uint32_t other = moved[m];
                int own = atomic_load_byte(&excess[index]);
                int beside = atomic_load_byte(&excess[other]);
                if (own + 1 < UNREACHED && lower_byte(&excess[other], (uint8_t)(own + 1))) {
                    atomic_or_word(&compaction->following[other >> 6], 1ull << (other & 63u));
                    lowered++;
                } else if (compaction->passes == 0 && beside != UNREACHED && own > beside + 1 &&
                           lower_byte(&excess[index], (uint8_t)(beside + 1))) {
                    atomic_or_word(&compaction->following[index >> 6], 1ull << (index & 63u));
                    lowered++;
                }
            }
        }
    }
    atomic_add_count(&parallel->done, looked_at);
    atomic_add_count(&compaction->lowered, lowered);
    return looked_at;
}

/* Each excess mod 3 in 2 bits, four entries a byte. */
static long long pack_chunk(Parallel *parallel, long long chunk) {
    Compaction *compaction = parallel->context;
    uint32_t first = (uint32_t)(chunk * COMPACT_CHUNK_ENTRIES), last = compaction->entries;
    if (last - first > COMPACT_CHUNK_ENTRIES) last = first + COMPACT_CHUNK_ENTRIES;
    for (uint32_t index = first; index < last; index++) {
        compaction->packed[index >> 2] |=
            (uint8_t)((compaction->excess[index] % 3) << ((index & 3u) << 1));
    }
    return last - first;
}

static void free_compaction(Compaction *compaction) {
    free(compaction->excess);
    free(compaction->changed);
    free(compaction->following);
    free(compaction);
}

static PyObject *compact_table(PyObject *Py_UNUSED(self), PyObject *args) {
    int width, height, threads = 1;
    PyObject *group_object, *poll;
    Py_buffer exact;
    if (!PyArg_ParseTuple(args, "iiOy*O|i", &width, &height, &group_object, &exact, &poll,
                          &threads)) {
        return NULL;
    }
    int cell_count = width * height;
    Compaction *compaction = calloc(1, sizeof(Compaction));
    if (compaction == NULL) {
        PyBuffer_Release(&exact);
        return PyErr_NoMemory();
    }
    if (width < 1 || height < 1 || cell_count > MAX_CELLS) {
        PyErr_SetString(PyExc_ValueError, "unsupported board shape");
    } else {
        compaction->size = parse_group(group_object, cell_count, -1, compaction->goal);
    }
    if (compaction->size > 0 && exact.len != placements(cell_count, compaction->size)) {
        PyErr_SetString(PyExc_ValueError, "the table must hold a byte for every placement");
        compaction->size = 0;
    }
    if (compaction->size == 0) {
        PyBuffer_Release(&exact);
        free(compaction);
        return NULL;
    }
    grid_init(&compaction->grid, width, height);
    digit_weights(compaction->size, cell_count, compaction->weights);
    compaction->entries = (uint32_t)exact.len;
    compaction->words = ((long long)compaction->entries + 63) / 64;
    compaction->values = (const uint8_t *)exact.buf;
    compaction->sound = 1;
    compaction->excess = malloc(compaction->entries);
    compaction->changed = malloc((size_t)compaction->words * sizeof(uint64_t));
    compaction->following = calloc((size_t)compaction->words, sizeof(uint64_t));
    PyObject *result = large_bytes((Py_ssize_t)packed_size(compaction->entries));
    if (compaction->excess == NULL || compaction->changed == NULL ||
        compaction->following == NULL || result == NULL) {
        PyBuffer_Release(&exact);
        free_compaction(compaction);
        Py_XDECREF(result);
        return PyErr_NoMemory();
    }
    compaction->packed = (uint8_t *)PyBytes_AS_STRING(result);
    long long entries = compaction->entries;
    long long chunks = (entries + COMPACT_CHUNK_ENTRIES - 1) / COMPACT_CHUNK_ENTRIES;
    int workers = thread_count(threads);
    PyThreadState *thread_state = PyEval_SaveThread();
    /* An entry is the taxicab distance of the group's tiles plus twice its excess (a move
     * changes both the distance and the entry by an odd number). Stored is the excess mod 3,
     * once the excess is lowered until no move raises it by more than one: each becomes the
     * least of its own and one more than a neighbour's, a lower bound still. The first pass
     * looks at every placement, later ones at those lowered in the last. Progress: every
     * entry is looked at twice (its excess, then its moves), the few lowered again left out
     * of the count. */
    Parallel parallel = {excess_chunk, compaction, chunks, 0, 0, 0, 0};
    int stop = run_parallel(&parallel, workers, poll, &thread_state, 0);
    memset(compaction->changed, 0xFF, (size_t)compaction->words * sizeof(uint64_t));
    long long looked_at = entries;
    int any = compaction->sound;
    while (any && !stop) {
        compaction->lowered = 0;
        Parallel pass = {lower_chunk, compaction, chunks, 0, 0, 0, 2 * entries};
        stop = run_parallel(&pass, workers, poll, &thread_state, looked_at);
        looked_at += pass.done;
        any = compaction->lowered > 0;
        uint64_t *swap = compaction->changed;
        compaction->changed = compaction->following;
        compaction->following = swap;
        memset(compaction->following, 0, (size_t)compaction->words * sizeof(uint64_t));
        compaction->passes++;
    }
    memset(compaction->packed, 0, (size_t)packed_size(entries));
    if (!stop && compaction->sound) {
        Parallel packing = {pack_chunk, compaction, chunks, 0, 0, 0, 2 * entries};
        stop = run_parallel(&packing, workers, Py_None, &thread_state, 2 * entries);
    }
    PyEval_RestoreThread(thread_state);
    int sound = compaction->sound;
    if (stop == 0 && sound) stop = call_poll(poll, 2 * entries, 0);
    PyBuffer_Release(&exact);
    free_compaction(compaction);
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

/* read_table(fd, size): see the method table. */
static PyObject *read_table(PyObject *Py_UNUSED(self), PyObject *args) {
    int fd;
    Py_ssize_t size;
    if (!PyArg_ParseTuple(args, "in", &fd, &size)) return NULL;
    if (size < 0) {
        PyErr_SetString(PyExc_ValueError, "size must not be negative");
        return NULL;
    }
    PyObject *result = large_bytes(size);
    if (result == NULL) return NULL;
    char *data = PyBytes_AS_STRING(result);
    Py_ssize_t done = 0;
    int error = 0;
    Py_BEGIN_ALLOW_THREADS
    while (done < size) {
        /* At most 1 GiB a call: what every platform's read takes. */
        Py_ssize_t want = size - done < (1 << 30) ? size - done : (1 << 30);
#ifdef _WIN32
        Py_ssize_t got = _read(fd, data + done, (unsigned int)want);
#else
        Py_ssize_t got = read(fd, data + done, (size_t)want);
#endif
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            error = errno;
            break;
        }
        if (got == 0) break;
        done += got;
    }
    Py_END_ALLOW_THREADS
    if (error) {
        Py_DECREF(result);
        errno = error;
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    if (done < size) {
        Py_DECREF(result);
        return PyBytes_FromStringAndSize("", 0);
    }
    return result;
}

static PyMethodDef methods[] = {
    {"build_table", build_table, METH_VARARGS,
     "build_table(width, height, blank_cell, group, poll[, threads]) -> bytes | None\n\n"
     "The pattern table of `group` (goal cells) for goal blank `blank_cell`, each layer split\n"
     "over `threads` threads (the same bytes however many); poll(reached, 0) is called\n"
     "between layers and within them and returns True to stop (then None)."},
    {"compact_table", compact_table, METH_VARARGS,
     "compact_table(width, height, group, table, poll[, threads]) -> bytes | None\n\n"
     "The table (a byte an entry) in its compact form: the excess over the group's taxicab\n"
     "distance, lowered until a move changes it by at most one, stored mod 3 in 2 bits an\n"
     "entry, four to a byte, split over `threads` threads (the same bytes however many).\n"
     "poll(entries looked at, 0) returns True to stop (then None)."},
    {"read_table", read_table, METH_VARARGS,
     "read_table(fd, size) -> bytes\n\n"
     "`size` bytes read from the file descriptor `fd` from where it stands (b'' where the\n"
     "file ends sooner), into memory in large pages where the system gives them, as the\n"
     "tables are: a search's lookups then seldom miss the address translation cache.\n"
     "Raises OSError."},
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
    return PyModule_Create(&module);
}
