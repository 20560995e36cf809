/* Compiled twin of core.fast_solver's hand method (the pure-Python _HandSolver is the
 * reference): the same routines, step for step, so that both give the same moves.
 *
 * A `Hand` holds one solve's state: the padded board (a border of fixed cells one cell
 * wide, `stride` cells a row), the tile on each cell and the cell of each tile, what belongs
 * on each cell and each tile's home, the fixed cells, the blank, and the moves so far (a
 * letter a move). Python drives it line by line, a few tiles a call, so that it hears its
 * `cancelled` callback and reports progress between calls.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BLANK 0
/* The most tiles a block search follows (the last 2x2 holds three), and the most states. */
#define MAX_BLOCK_TILES 3
#define MAX_BLOCK_STATES (1 << 24)

typedef struct {
    int32_t *items;
    Py_ssize_t length, capacity;
} IntList;

typedef struct {
    PyObject_HEAD
    Py_ssize_t stride, padded, tiles;
    int32_t *cells, *where, *belongs, *home;
    uint8_t *fixed;
    Py_ssize_t blank;
    /* The moves as a bytes object grown in place (no second copy at the end). */
    PyObject *moves;
    Py_ssize_t length;
    uint8_t up, down, left, right; /* letter of a slide by blank - cell = -stride, stride, -1, 1 */
    uint8_t opposite[256];
    /* Scratch: routes, and a breadth-first search over cells. */
    IntList route, spare;
    int32_t *came_from, *queue;
    uint32_t *seen, stamp;
} Hand;

/* -- small helpers ------------------------------------------------------------------- */

static int
list_push(IntList *list, Py_ssize_t value)
{
    if (list->length == list->capacity) {
        Py_ssize_t capacity = list->capacity ? list->capacity * 2 : 64;
        int32_t *items = PyMem_Realloc(list->items, (size_t)capacity * sizeof(int32_t));
        if (items == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        list->items = items;
        list->capacity = capacity;
    }
    list->items[list->length++] = (int32_t)value;
    return 0;
}

static uint8_t
letter_of(const Hand *hand, Py_ssize_t delta)
{
    if (delta == -hand->stride) return hand->up;
    if (delta == hand->stride) return hand->down;
    if (delta == -1) return hand->left;
    return hand->right;
}

static int
reserve(Hand *hand, Py_ssize_t more)
{
    Py_ssize_t capacity = PyBytes_GET_SIZE(hand->moves);
    if (hand->length + more <= capacity) {
        return 0;
    }
    Py_ssize_t wanted = capacity + capacity / 2 + 1024;
    if (wanted < hand->length + more) {
        wanted = hand->length + more;
    }
    return _PyBytes_Resize(&hand->moves, wanted);
}

static uint8_t *
moves_data(Hand *hand)
{
    return (uint8_t *)PyBytes_AS_STRING(hand->moves);
}

/* Stamps mark the cells a search has seen, so no array is cleared between searches. */
static void
next_stamp(Hand *hand)
{
    hand->stamp++;
    if (hand->stamp == 0) {
        memset(hand->seen, 0, (size_t)hand->padded * sizeof(uint32_t));
        hand->stamp = 1;
    }
}

static Py_ssize_t
absolute(Py_ssize_t value)
{
    return value < 0 ? -value : value;
}

/* -- moving the blank ---------------------------------------------------------------- */

/* _walk: move the blank through `route`, a chain of neighbouring cells. */
static int
walk(Hand *hand, const int32_t *route, Py_ssize_t count)
{
    if (reserve(hand, count) < 0) {
        return -1;
    }
    int32_t *cells = hand->cells, *where = hand->where;
    uint8_t *moves = moves_data(hand);
    Py_ssize_t blank = hand->blank, length = hand->length;
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t cell = route[i];
        int32_t tile = cells[cell];
        cells[blank] = tile;
        where[tile] = (int32_t)blank;
        uint8_t letter = letter_of(hand, blank - cell);
        if (length && moves[length - 1] == hand->opposite[letter]) {
            length--;
        } else {
            moves[length++] = letter;
        }
        blank = cell;
    }
    cells[blank] = BLANK;
    where[BLANK] = (int32_t)blank;
    hand->blank = blank;
    hand->length = length;
    return 0;
}

/* _record: add `count` repeats of `letters` (none undoing the one before), dropping each
 * pair where the first of them undoes the last move so far. */
static int
record(Hand *hand, const uint8_t *letters, Py_ssize_t size, Py_ssize_t count)
{
    Py_ssize_t total = size * count;
    if (reserve(hand, total) < 0) {
        return -1;
    }
    uint8_t *moves = moves_data(hand);
    Py_ssize_t start = 0;
    while (start < total && hand->length &&
           moves[hand->length - 1] == hand->opposite[letters[start % size]]) {
        hand->length--;
        start++;
    }
    for (Py_ssize_t i = start; i < total; i++) {
        moves[hand->length++] = letters[i % size];
    }
    return 0;
}

/* _legs: the cells walked from (row, column) through each corner in turn. */
static int
legs(Hand *hand, IntList *out, Py_ssize_t row, Py_ssize_t column, const Py_ssize_t *corners,
     int count)
{
    Py_ssize_t stride = hand->stride;
    for (int i = 0; i < count; i++) {
        Py_ssize_t corner_row = corners[2 * i], corner_column = corners[2 * i + 1];
        if (corner_row != row) {
            Py_ssize_t step = corner_row > row ? 1 : -1;
            for (Py_ssize_t r = row + step; r != corner_row + step; r += step) {
                if (list_push(out, r * stride + column) < 0) return -1;
            }
            row = corner_row;
        }
        if (corner_column != column) {
            Py_ssize_t step = corner_column > column ? 1 : -1;
            Py_ssize_t base = row * stride;
            for (Py_ssize_t c = column + step; c != corner_column + step; c += step) {
                if (list_push(out, base + c) < 0) return -1;
            }
            column = corner_column;
        }
    }
    return 0;
}

typedef struct {
    Py_ssize_t cost;
    int along_row;
    Py_ssize_t line;
} Candidate;

static int
candidate_less(const Candidate *a, const Candidate *b)
{
    if (a->cost != b->cost) return a->cost < b->cost;
    if (a->along_row != b->along_row) return a->along_row < b->along_row;
    return a->line < b->line;
}

/* _straight_route into hand->route: 1 found, 0 every one blocked, -1 error. */
static int
straight_route(Hand *hand, Py_ssize_t destination)
{
    Py_ssize_t stride = hand->stride;
    Py_ssize_t start_row = hand->blank / stride, start_column = hand->blank % stride;
    Py_ssize_t end_row = destination / stride, end_column = destination % stride;
    Candidate candidates[12];
    int count = 0;
    for (int along_row = 1; along_row >= 0; along_row--) {
        Py_ssize_t start = along_row ? start_row : start_column;
        Py_ssize_t end = along_row ? end_row : end_column;
        Py_ssize_t lines[6] = {start, end, start - 1, start + 1, end - 1, end + 1};
        for (int i = 0; i < 6; i++) {
            int seen = 0;
            for (int j = 0; j < i; j++) {
                seen |= lines[j] == lines[i];
            }
            if (seen) continue;
            Candidate candidate = {absolute(start - lines[i]) + absolute(lines[i] - end),
                                   along_row, lines[i]};
            int at = count++;
            while (at > 0 && candidate_less(&candidate, &candidates[at - 1])) {
                candidates[at] = candidates[at - 1];
                at--;
            }
            candidates[at] = candidate;
        }
    }
    for (int i = 0; i < count; i++) {
        Py_ssize_t corners[6];
        Py_ssize_t line = candidates[i].line;
        if (candidates[i].along_row) {
            Py_ssize_t c[6] = {line, start_column, line, end_column, end_row, end_column};
            memcpy(corners, c, sizeof(c));
        } else {
            Py_ssize_t c[6] = {start_row, line, end_row, line, end_row, end_column};
            memcpy(corners, c, sizeof(c));
        }
        hand->route.length = 0;
        if (legs(hand, &hand->route, start_row, start_column, corners, 3) < 0) return -1;
        int free = 1;
        for (Py_ssize_t k = 0; k < hand->route.length; k++) {
            if (hand->fixed[hand->route.items[k]]) {
                free = 0;
                break;
            }
        }
        if (free) return 1;
    }
    return 0;
}

/* _searched_route into hand->route: a shortest free route by breadth-first search. */
static int
searched_route(Hand *hand, Py_ssize_t destination)
{
    Py_ssize_t stride = hand->stride;
    Py_ssize_t steps[4] = {-stride, stride, -1, 1};
    next_stamp(hand);
    int32_t *came_from = hand->came_from, *queue = hand->queue;
    uint32_t *seen = hand->seen, stamp = hand->stamp;
    Py_ssize_t head = 0, tail = 0;
    seen[hand->blank] = stamp;
    came_from[hand->blank] = (int32_t)hand->blank;
    queue[tail++] = (int32_t)hand->blank;
    while (head < tail) {
        Py_ssize_t cell = queue[head++];
        if (cell == destination) break;
        for (int k = 0; k < 4; k++) {
            Py_ssize_t neighbour = cell + steps[k];
            if (!hand->fixed[neighbour] && seen[neighbour] != stamp) {
                seen[neighbour] = stamp;
                came_from[neighbour] = (int32_t)cell;
                queue[tail++] = (int32_t)neighbour;
            }
        }
    }
    if (seen[destination] != stamp) return 0;
    hand->route.length = 0;
    Py_ssize_t cell = destination;
    if (list_push(&hand->route, cell) < 0) return -1;
    while (came_from[cell] != hand->blank) {
        cell = came_from[cell];
        if (list_push(&hand->route, cell) < 0) return -1;
    }
    for (Py_ssize_t i = 0, j = hand->route.length - 1; i < j; i++, j--) {
        int32_t swap = hand->route.items[i];
        hand->route.items[i] = hand->route.items[j];
        hand->route.items[j] = swap;
    }
    return 1;
}

/* `straight_route(...) or searched_route(...)`: an empty straight route counts as none. */
static int
any_route(Hand *hand, Py_ssize_t destination)
{
    int found = straight_route(hand, destination);
    if (found < 0) return -1;
    if (found && hand->route.length) return 1;
    return searched_route(hand, destination);
}

/* _route: a route that must exist. */
static int
route_to(Hand *hand, Py_ssize_t destination)
{
    int found = any_route(hand, destination);
    if (found < 0) return -1;
    if (!found) {
        PyErr_SetString(PyExc_AssertionError,
                        "the blank is walled in: the solver placed tiles wrongly");
        return -1;
    }
    return 0;
}

static int
blank_to(Hand *hand, Py_ssize_t destination)
{
    if (hand->blank == destination) return 0;
    if (route_to(hand, destination) < 0) return -1;
    return walk(hand, hand->route.items, hand->route.length);
}

/* -- moving one tile ----------------------------------------------------------------- */

static Py_ssize_t
approach_cost(const Hand *hand, Py_ssize_t cell, Py_ssize_t around)
{
    Py_ssize_t stride = hand->stride;
    Py_ssize_t blank_row = hand->blank / stride, blank_column = hand->blank % stride;
    Py_ssize_t row = cell / stride, column = cell % stride;
    Py_ssize_t around_row = around / stride, around_column = around % stride;
    Py_ssize_t cost = absolute(blank_row - row) + absolute(blank_column - column);
    Py_ssize_t low_row = blank_row < row ? blank_row : row;
    Py_ssize_t high_row = blank_row < row ? row : blank_row;
    Py_ssize_t low_column = blank_column < column ? blank_column : column;
    Py_ssize_t high_column = blank_column < column ? column : blank_column;
    int between_rows = low_row < around_row && around_row < high_row;
    int between_columns = low_column < around_column && around_column < high_column;
    if ((around_column == column && column == blank_column && between_rows) ||
        (around_row == row && row == blank_row && between_columns)) {
        cost += 2;
    }
    return cost;
}

/* _go_straight: 1 when steps were made, 0 when none could be, -1 error. */
static int
go_straight(Hand *hand, Py_ssize_t cell, Py_ssize_t ahead, Py_ssize_t destination)
{
    uint8_t *fixed = hand->fixed;
    int32_t *cells = hand->cells, *where = hand->where;
    Py_ssize_t stride = hand->stride;
    Py_ssize_t sides[2];
    if (ahead == 1 || ahead == -1) {
        sides[0] = stride;
        sides[1] = -stride;
    } else {
        sides[0] = 1;
        sides[1] = -1;
    }
    Py_ssize_t steps_left = absolute(destination - cell) / absolute(ahead);
    Py_ssize_t side = 0, steps = 0;
    while (steps < steps_left) {
        Py_ssize_t here = cell + steps * ahead;
        Py_ssize_t behind = here - ahead, following = here + ahead;
        if (fixed[following]) break;
        Py_ssize_t chosen = 0;
        for (int k = 0; k < 2; k++) {
            Py_ssize_t way = sides[k];
            if (!(fixed[behind + way] || fixed[here + way] || fixed[following + way])) {
                chosen = way;
                break;
            }
        }
        if (!chosen || (side && chosen != side)) break;
        side = chosen;
        steps++;
    }
    if (!steps) return 0;
    Py_ssize_t blank = cell - ahead;
    Py_ssize_t count = steps + 2;
    /* main[i] = cells[blank + i * ahead], lane[i] = cells[blank + side + i * ahead] */
    hand->spare.length = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        if (list_push(&hand->spare, cells[blank + i * ahead]) < 0) return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        if (list_push(&hand->spare, cells[blank + side + i * ahead]) < 0) return -1;
    }
    const int32_t *main_line = hand->spare.items, *lane = hand->spare.items + count;
    int32_t tile = main_line[1];
    /* main becomes [lane[0], lane[2 .. steps], BLANK, tile] */
    cells[blank] = lane[0];
    for (Py_ssize_t i = 1; i < steps; i++) {
        cells[blank + i * ahead] = lane[i + 1];
    }
    cells[blank + steps * ahead] = BLANK;
    cells[blank + (steps + 1) * ahead] = tile;
    /* lane becomes [lane[1], main[2 .. steps], lane[steps + 1], main[steps + 1]] */
    cells[blank + side] = lane[1];
    for (Py_ssize_t i = 1; i < steps; i++) {
        cells[blank + side + i * ahead] = main_line[i + 1];
    }
    cells[blank + side + steps * ahead] = lane[steps + 1];
    cells[blank + side + (steps + 1) * ahead] = main_line[steps + 1];
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t place = blank + i * ahead;
        where[cells[place]] = (int32_t)place;
        where[cells[place + side]] = (int32_t)(place + side);
    }
    hand->blank = blank + steps * ahead;
    uint8_t one_step[5] = {letter_of(hand, -side), letter_of(hand, -ahead),
                           letter_of(hand, -ahead), letter_of(hand, side),
                           letter_of(hand, ahead)};
    if (record(hand, one_step, 5, steps) < 0) return -1;
    return 1;
}

/* _move_tile: slide `tile` to `destination` one cell at a time, never through a fixed cell. */
static int
move_tile(Hand *hand, Py_ssize_t tile, Py_ssize_t destination)
{
    Py_ssize_t stride = hand->stride;
    int32_t *where = hand->where;
    uint8_t *fixed = hand->fixed;
    Py_ssize_t destination_row = destination / stride, destination_column = destination % stride;
    for (;;) {
        Py_ssize_t cell = where[tile];
        if (cell == destination) return 0;
        Py_ssize_t row = cell / stride, column = cell % stride;
        Py_ssize_t blank = hand->blank;
        Py_ssize_t sideways = 0;
        if (column != destination_column) {
            sideways = destination_column > column ? 1 : -1;
            if (fixed[cell + sideways]) sideways = 0;
        }
        Py_ssize_t upways = 0;
        if (row != destination_row) {
            upways = destination_row > row ? stride : -stride;
            if (fixed[cell + upways]) upways = 0;
        }
        Py_ssize_t ahead;
        if (sideways && upways) {
            if (approach_cost(hand, cell + upways, cell) <
                approach_cost(hand, cell + sideways, cell)) {
                ahead = upways;
            } else {
                ahead = sideways;
            }
        } else {
            ahead = sideways ? sideways : upways;
        }
        Py_ssize_t following = cell + ahead;
        Py_ssize_t behind = blank - cell;
        int have_route = 0;
        IntList *route = &hand->route;
        route->length = 0;
        if (blank == following) {
            have_route = 1;
        } else if (behind == -ahead) {
            int along_row = ahead == 1 || ahead == -1;
            int on_line = along_row ? row == destination_row : column == destination_column;
            if (on_line) {
                int went = go_straight(hand, cell, ahead, destination);
                if (went < 0) return -1;
                if (went) continue;
            }
            Py_ssize_t sides[2];
            if (along_row) {
                sides[0] = stride;
                sides[1] = -stride;
            } else {
                sides[0] = 1;
                sides[1] = -1;
            }
            for (int k = 0; k < 2; k++) {
                Py_ssize_t side = sides[k];
                if (!(fixed[blank + side] || fixed[cell + side] || fixed[following + side])) {
                    if (list_push(route, blank + side) < 0 || list_push(route, cell + side) < 0 ||
                        list_push(route, following + side) < 0 ||
                        list_push(route, following) < 0) {
                        return -1;
                    }
                    have_route = 1;
                    break;
                }
            }
        } else if ((behind == 1 || behind == -1 || behind == stride || behind == -stride) &&
                   !fixed[blank + ahead]) {
            if (list_push(route, blank + ahead) < 0 || list_push(route, following) < 0) {
                return -1;
            }
            have_route = 1;
        }
        if (!have_route) {
            fixed[cell] = 1;
            int failed = route_to(hand, following);
            fixed[cell] = 0;
            if (failed < 0) return -1;
        }
        if (list_push(route, cell) < 0) return -1;
        if (walk(hand, route->items, route->length) < 0) return -1;
    }
}

/* -- small searches ------------------------------------------------------------------ */

static Py_ssize_t
distance_from_blank(const Hand *hand, Py_ssize_t cell)
{
    Py_ssize_t stride = hand->stride, blank = hand->blank;
    return absolute(cell / stride - blank / stride) + absolute(cell % stride - blank % stride);
}

/* _reachable_from_blank, appended to `out` (unordered: only membership matters). */
static int
reachable_from_blank(Hand *hand, IntList *out)
{
    Py_ssize_t stride = hand->stride;
    Py_ssize_t steps[4] = {-stride, stride, -1, 1};
    next_stamp(hand);
    int32_t *queue = hand->queue;
    uint32_t *seen = hand->seen, stamp = hand->stamp;
    Py_ssize_t head = 0, tail = 0;
    seen[hand->blank] = stamp;
    queue[tail++] = (int32_t)hand->blank;
    while (head < tail) {
        Py_ssize_t cell = queue[head++];
        if (list_push(out, cell) < 0) return -1;
        for (int k = 0; k < 4; k++) {
            Py_ssize_t neighbour = cell + steps[k];
            if (!hand->fixed[neighbour] && seen[neighbour] != stamp) {
                seen[neighbour] = stamp;
                queue[tail++] = (int32_t)neighbour;
            }
        }
    }
    return 0;
}

static Py_ssize_t
index_in(const IntList *block, Py_ssize_t cell)
{
    for (Py_ssize_t i = 0; i < block->length; i++) {
        if (block->items[i] == cell) return i;
    }
    return -1;
}

/* _search_block: bring the blank into `block`, then the fewest slides within it that put
 * each of `tiles` on its home cell (breadth-first over the blank's and the tiles' cells). */
static int
search_block(Hand *hand, const int32_t *block_cells, Py_ssize_t block_size,
             const int32_t *tiles, int tile_count)
{
    Py_ssize_t stride = hand->stride;
    int32_t *where = hand->where;
    uint8_t *fixed = hand->fixed;
    IntList block = {NULL, 0, 0};
    int32_t *came_from = NULL, *queue = NULL, *path = NULL;
    int status = -1;
    for (Py_ssize_t i = 0; i < block_size; i++) {
        if (list_push(&block, block_cells[i]) < 0) goto done;
    }
    if (index_in(&block, hand->blank) < 0) {
        for (int t = 0; t < tile_count; t++) fixed[where[tiles[t]]] = 1;
        /* The free cells of the block, nearest the blank first (a stable sort). */
        Py_ssize_t free[64];
        Py_ssize_t free_count = 0;
        for (Py_ssize_t i = 0; i < block_size && free_count < 64; i++) {
            Py_ssize_t cell = block_cells[i];
            if (fixed[cell]) continue;
            Py_ssize_t distance = distance_from_blank(hand, cell);
            Py_ssize_t at = free_count++;
            while (at > 0 && distance_from_blank(hand, free[at - 1]) > distance) {
                free[at] = free[at - 1];
                at--;
            }
            free[at] = cell;
        }
        int walked = 0;
        for (Py_ssize_t i = 0; i < free_count; i++) {
            int found = any_route(hand, free[i]);
            if (found < 0) goto done;
            if (found) {
                if (walk(hand, hand->route.items, hand->route.length) < 0) goto done;
                walked = 1;
                break;
            }
        }
        if (!walked) {
            /* The tiles wall the blank into a pocket beside the block: search it too. */
            if (reachable_from_blank(hand, &block) < 0) goto done;
        }
        for (int t = 0; t < tile_count; t++) fixed[where[tiles[t]]] = 0;
    }
    Py_ssize_t size = block.length;
    /* A state: the block index of the blank and of each tile, as digits base `size`. */
    Py_ssize_t states = 1;
    for (int t = 0; t <= tile_count; t++) {
        if (states > MAX_BLOCK_STATES / size) {
            PyErr_SetString(PyExc_AssertionError, "the block to search is too large");
            goto done;
        }
        states *= size;
    }
    Py_ssize_t neighbours[64][4];
    int neighbour_count[64];
    if (size > 64) {
        PyErr_SetString(PyExc_AssertionError, "the block to search is too large");
        goto done;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        Py_ssize_t cell = block.items[i];
        Py_ssize_t steps[4] = {-stride, stride, -1, 1};
        neighbour_count[i] = 0;
        for (int k = 0; k < 4; k++) {
            Py_ssize_t index = index_in(&block, cell + steps[k]);
            if (index >= 0) neighbours[i][neighbour_count[i]++] = index;
        }
    }
    Py_ssize_t homes[MAX_BLOCK_TILES], start[MAX_BLOCK_TILES + 1];
    start[0] = index_in(&block, hand->blank);
    for (int t = 0; t < tile_count; t++) {
        homes[t] = index_in(&block, hand->home[tiles[t]]);
        start[t + 1] = index_in(&block, where[tiles[t]]);
        if (start[t + 1] < 0) {
            PyErr_SetString(PyExc_AssertionError, "a tile of the block search is outside it");
            goto done;
        }
    }
    came_from = PyMem_Malloc((size_t)states * sizeof(int32_t));
    queue = PyMem_Malloc((size_t)states * sizeof(int32_t));
    if (came_from == NULL || queue == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < states; i++) came_from[i] = -1;
#define ENCODE(parts, out)                                                                   \
    do {                                                                                     \
        Py_ssize_t code_ = 0;                                                                \
        for (int k_ = tile_count; k_ >= 0; k_--) code_ = code_ * size + (parts)[k_];         \
        (out) = code_;                                                                       \
    } while (0)
    Py_ssize_t start_code;
    ENCODE(start, start_code);
    came_from[start_code] = (int32_t)start_code;
    Py_ssize_t head = 0, tail = 0, found = -1;
    queue[tail++] = (int32_t)start_code;
    while (head < tail) {
        Py_ssize_t code = queue[head++];
        Py_ssize_t state[MAX_BLOCK_TILES + 1];
        Py_ssize_t rest = code;
        for (int k = 0; k <= tile_count; k++) {
            state[k] = rest % size;
            rest /= size;
        }
        int home = 1;
        for (int t = 0; t < tile_count; t++) home &= state[t + 1] == homes[t];
        if (home) {
            found = code;
            break;
        }
        Py_ssize_t blank = state[0];
        for (int n = 0; n < neighbour_count[blank]; n++) {
            Py_ssize_t neighbour = neighbours[blank][n];
            Py_ssize_t following[MAX_BLOCK_TILES + 1];
            following[0] = neighbour;
            for (int t = 1; t <= tile_count; t++) {
                following[t] = state[t] == neighbour ? blank : state[t];
            }
            Py_ssize_t next;
            ENCODE(following, next);
            if (came_from[next] < 0) {
                came_from[next] = (int32_t)code;
                queue[tail++] = (int32_t)next;
            }
        }
    }
#undef ENCODE
    if (found < 0) {
        PyErr_SetString(PyExc_AssertionError, "no arrangement of the block reaches the goal");
        goto done;
    }
    /* The blank's cell in each state after the start, in order. */
    Py_ssize_t path_length = 0;
    for (Py_ssize_t code = found; came_from[code] != code; code = came_from[code]) {
        path_length++;
    }
    path = PyMem_Malloc((size_t)(path_length ? path_length : 1) * sizeof(int32_t));
    if (path == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    {
        Py_ssize_t at = path_length;
        for (Py_ssize_t code = found; came_from[code] != code; code = came_from[code]) {
            path[--at] = block.items[code % size];
        }
    }
    if (walk(hand, path, path_length) < 0) goto done;
    status = 0;
done:
    PyMem_Free(block.items);
    PyMem_Free(came_from);
    PyMem_Free(queue);
    PyMem_Free(path);
    return status;
}

/* -- lines --------------------------------------------------------------------------- */

static int
in_block(const Py_ssize_t *block, Py_ssize_t cell)
{
    for (int i = 0; i < 6; i++) {
        if (block[i] == cell) return 1;
    }
    return 0;
}

/* The end of _place_line: the line's last two tiles, `first` and `last`. */
static int
finish_line(Hand *hand, Py_ssize_t first, Py_ssize_t last, Py_ssize_t inward)
{
    uint8_t *fixed = hand->fixed;
    int32_t *where = hand->where;
    int32_t first_tile = hand->belongs[first], last_tile = hand->belongs[last];
    Py_ssize_t block[6] = {first, last, first + inward, last + inward, first + 2 * inward,
                           last + 2 * inward};
    if (where[first_tile] != first || where[last_tile] != last) {
        if (!in_block(block, where[first_tile]) || !in_block(block, where[last_tile])) {
            if (move_tile(hand, last_tile, first) < 0) return -1;
            fixed[first] = 1;
            if (!in_block(block, where[first_tile])) {
                if (move_tile(hand, first_tile, first + inward) < 0) return -1;
                fixed[first + inward] = 1;
                if (blank_to(hand, last) < 0) return -1;
                fixed[first] = fixed[first + inward] = 0;
                int32_t route[2] = {(int32_t)first, (int32_t)(first + inward)};
                if (walk(hand, route, 2) < 0) return -1;
                fixed[first] = fixed[last] = 1;
                return 0;
            }
            fixed[first] = 0;
        }
        int32_t block_cells[6], tiles[2] = {first_tile, last_tile};
        for (int i = 0; i < 6; i++) block_cells[i] = (int32_t)block[i];
        if (search_block(hand, block_cells, 6, tiles, 2) < 0) return -1;
    }
    fixed[first] = fixed[last] = 1;
    return 0;
}

/* -- the Python type ----------------------------------------------------------------- */

static int
read_ints(PyObject *sequence, Py_ssize_t count, Py_ssize_t low, Py_ssize_t high, int32_t *out,
          const char *what)
{
    PyObject *fast = PySequence_Fast(sequence, "expected a sequence of integers");
    if (fast == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != count) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd items, not %zd", what,
                     PySequence_Fast_GET_SIZE(fast), count);
        Py_DECREF(fast);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < count; i++) {
        long value = PyLong_AsLong(items[i]);
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (value < low || value >= high) {
            PyErr_Format(PyExc_ValueError, "%s holds %ld, outside %zd..%zd", what, value, low,
                         high - 1);
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int32_t)value;
    }
    Py_DECREF(fast);
    return 0;
}

static void
hand_dealloc(Hand *hand)
{
    PyMem_Free(hand->cells);
    PyMem_Free(hand->where);
    PyMem_Free(hand->belongs);
    PyMem_Free(hand->home);
    PyMem_Free(hand->fixed);
    PyMem_Free(hand->route.items);
    PyMem_Free(hand->spare.items);
    PyMem_Free(hand->came_from);
    PyMem_Free(hand->queue);
    PyMem_Free(hand->seen);
    Py_XDECREF(hand->moves);
    Py_TYPE(hand)->tp_free((PyObject *)hand);
}

static int
hand_init(Hand *hand, PyObject *args, PyObject *kwargs)
{
    PyObject *cells, *where, *belongs, *home;
    Py_buffer fixed, letters;
    Py_ssize_t stride;
    static char *keywords[] = {"cells", "where", "belongs", "home", "fixed", "stride", "letters",
                               NULL};
    if (hand->cells != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "a Hand is set up once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOy*ny*", keywords, &cells, &where,
                                     &belongs, &home, &fixed, &stride, &letters)) {
        return -1;
    }
    int status = -1;
    Py_ssize_t padded = fixed.len;
    Py_ssize_t tiles = PyObject_Length(where);
    if (tiles < 0) goto done;
    if (stride < 3 || padded < 3 * stride || padded % stride != 0 || tiles < 1 ||
        tiles != (stride - 2) * (padded / stride - 2) || padded > INT32_MAX / 2 ||
        letters.len != 4) {
        PyErr_SetString(PyExc_ValueError, "the padded board's sizes do not agree");
        goto done;
    }
    hand->stride = stride;
    hand->padded = padded;
    hand->tiles = tiles;
    hand->cells = PyMem_Malloc((size_t)padded * sizeof(int32_t));
    hand->belongs = PyMem_Malloc((size_t)padded * sizeof(int32_t));
    hand->where = PyMem_Malloc((size_t)tiles * sizeof(int32_t));
    hand->home = PyMem_Malloc((size_t)tiles * sizeof(int32_t));
    hand->fixed = PyMem_Malloc((size_t)padded);
    hand->came_from = PyMem_Malloc((size_t)padded * sizeof(int32_t));
    hand->queue = PyMem_Malloc((size_t)padded * sizeof(int32_t));
    hand->seen = PyMem_Calloc((size_t)padded, sizeof(uint32_t));
    hand->moves = PyBytes_FromStringAndSize(NULL, 1024);
    if (hand->cells == NULL || hand->belongs == NULL || hand->where == NULL ||
        hand->home == NULL || hand->fixed == NULL || hand->came_from == NULL ||
        hand->queue == NULL || hand->seen == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (hand->moves == NULL) goto done;
    if (read_ints(cells, padded, -1, tiles, hand->cells, "cells") < 0 ||
        read_ints(belongs, padded, -1, tiles, hand->belongs, "belongs") < 0 ||
        read_ints(where, tiles, 0, padded, hand->where, "where") < 0 ||
        read_ints(home, tiles, 0, padded, hand->home, "home") < 0) {
        goto done;
    }
    memcpy(hand->fixed, fixed.buf, (size_t)padded);
    /* The border must be fixed, so that no route or step leaves the board. */
    for (Py_ssize_t i = 0; i < padded; i++) {
        Py_ssize_t row = i / stride, column = i % stride;
        if ((row == 0 || row == padded / stride - 1 || column == 0 || column == stride - 1) &&
            !hand->fixed[i]) {
            PyErr_SetString(PyExc_ValueError, "the board's border is not fixed");
            goto done;
        }
    }
    hand->blank = hand->where[BLANK];
    const uint8_t *letter = letters.buf;
    hand->up = letter[0];
    hand->down = letter[1];
    hand->left = letter[2];
    hand->right = letter[3];
    memset(hand->opposite, 0, sizeof(hand->opposite));
    hand->opposite[hand->up] = hand->down;
    hand->opposite[hand->down] = hand->up;
    hand->opposite[hand->left] = hand->right;
    hand->opposite[hand->right] = hand->left;
    hand->length = 0;
    hand->stamp = 0;
    status = 0;
done:
    PyBuffer_Release(&fixed);
    PyBuffer_Release(&letters);
    return status;
}

static int
check_ready(Hand *hand)
{
    if (hand->cells == NULL || hand->moves == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "this Hand is not set up, or its moves were taken");
        return -1;
    }
    return 0;
}

static int
check_cell(Hand *hand, Py_ssize_t cell)
{
    if (cell < 0 || cell >= hand->padded || hand->fixed[cell]) {
        PyErr_Format(PyExc_ValueError, "cell %zd is not a free cell of the board", cell);
        return -1;
    }
    return 0;
}

static PyObject *
hand_place(Hand *hand, PyObject *line)
{
    if (check_ready(hand) < 0) return NULL;
    PyObject *fast = PySequence_Fast(line, "place takes a sequence of cells");
    if (fast == NULL) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t cell = PyLong_AsSsize_t(items[i]);
        if ((cell == -1 && PyErr_Occurred()) || check_cell(hand, cell) < 0) {
            Py_DECREF(fast);
            return NULL;
        }
        if (hand->belongs[cell] <= BLANK) {
            PyErr_Format(PyExc_ValueError, "no tile belongs on cell %zd", cell);
            Py_DECREF(fast);
            return NULL;
        }
        if (move_tile(hand, hand->belongs[cell], cell) < 0) {
            Py_DECREF(fast);
            return NULL;
        }
        hand->fixed[cell] = 1;
    }
    Py_DECREF(fast);
    Py_RETURN_NONE;
}

static PyObject *
hand_finish_line(Hand *hand, PyObject *args)
{
    Py_ssize_t first, last, inward;
    if (check_ready(hand) < 0 || !PyArg_ParseTuple(args, "nnn", &first, &last, &inward)) {
        return NULL;
    }
    if (inward != 1 && inward != hand->stride) {
        PyErr_SetString(PyExc_ValueError, "inward is one column or one row");
        return NULL;
    }
    for (int k = 0; k < 3; k++) {
        if (check_cell(hand, first + k * inward) < 0 || check_cell(hand, last + k * inward) < 0) {
            return NULL;
        }
    }
    if (finish_line(hand, first, last, inward) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *
hand_search_block(Hand *hand, PyObject *args)
{
    PyObject *block_object, *tiles_object;
    if (check_ready(hand) < 0 || !PyArg_ParseTuple(args, "OO", &block_object, &tiles_object)) {
        return NULL;
    }
    Py_ssize_t size = PyObject_Length(block_object);
    Py_ssize_t tile_count = PyObject_Length(tiles_object);
    if (size < 0 || tile_count < 0) return NULL;
    if (size < 2 || size > 16 || tile_count > MAX_BLOCK_TILES) {
        PyErr_SetString(PyExc_ValueError, "a block is 2 to 16 cells, with at most 3 tiles");
        return NULL;
    }
    int32_t block[16], tiles[MAX_BLOCK_TILES];
    if (read_ints(block_object, size, 0, hand->padded, block, "block") < 0 ||
        read_ints(tiles_object, tile_count, 1, hand->tiles, tiles, "tiles") < 0) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        if (check_cell(hand, block[i]) < 0) return NULL;
    }
    if (search_block(hand, block, size, tiles, (int)tile_count) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *
hand_walk_to(Hand *hand, PyObject *tile_object)
{
    if (check_ready(hand) < 0) return NULL;
    Py_ssize_t tile = PyLong_AsSsize_t(tile_object);
    if (tile == -1 && PyErr_Occurred()) return NULL;
    if (tile < 1 || tile >= hand->tiles) {
        PyErr_SetString(PyExc_ValueError, "no such tile");
        return NULL;
    }
    Py_ssize_t cell = hand->where[tile];
    Py_ssize_t delta = absolute(cell - hand->blank);
    if (delta != 1 && delta != hand->stride) {
        PyErr_SetString(PyExc_ValueError, "the tile is not beside the blank");
        return NULL;
    }
    int32_t route[1] = {(int32_t)cell};
    if (walk(hand, route, 1) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *
hand_move_count(Hand *hand, PyObject *Py_UNUSED(ignored))
{
    return PyLong_FromSsize_t(hand->length);
}

static PyObject *
hand_take_moves(Hand *hand, PyObject *Py_UNUSED(ignored))
{
    if (check_ready(hand) < 0) return NULL;
    if (_PyBytes_Resize(&hand->moves, hand->length) < 0) return NULL;
    PyObject *moves = hand->moves;
    hand->moves = NULL;
    return moves;
}

static PyMethodDef hand_methods[] = {
    {"place", (PyCFunction)hand_place, METH_O,
     "place(cells): move the tile that belongs on each cell there in turn, fixing it."},
    {"finish_line", (PyCFunction)hand_finish_line, METH_VARARGS,
     "finish_line(first, last, inward): the last two tiles of a line."},
    {"search_block", (PyCFunction)hand_search_block, METH_VARARGS,
     "search_block(block, tiles): the fewest slides within block that home the tiles."},
    {"walk_to", (PyCFunction)hand_walk_to, METH_O,
     "walk_to(tile): slide the tile beside the blank into it."},
    {"move_count", (PyCFunction)hand_move_count, METH_NOARGS, "The moves so far."},
    {"take_moves", (PyCFunction)hand_take_moves, METH_NOARGS,
     "The moves as bytes, a letter a move; the Hand is spent after."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject HandType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "core._hand.Hand",
    .tp_basicsize = sizeof(Hand),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One hand-method solve: the padded board and the moves so far.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)hand_init,
    .tp_dealloc = (destructor)hand_dealloc,
    .tp_methods = hand_methods,
};

static struct PyModuleDef module_definition = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_hand",
    .m_doc = "Compiled twin of core.fast_solver's hand method.",
    .m_size = -1,
};

PyMODINIT_FUNC
PyInit__hand(void)
{
    if (PyType_Ready(&HandType) < 0) return NULL;
    PyObject *module = PyModule_Create(&module_definition);
    if (module == NULL) return NULL;
    Py_INCREF(&HandType);
    if (PyModule_AddObject(module, "Hand", (PyObject *)&HandType) < 0) {
        Py_DECREF(&HandType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
