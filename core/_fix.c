/* Compiled twin of core.fix.nearest_swap_pure (the pure-Python one is the reference).
 *
 * The same candidates and the same order: for each cell, swapping its tile with the one to
 * the right, the one below, and the one standing on the cell where it belongs; the swap
 * with the least score wins, then the least distance after it, then the first cell, the
 * cell itself, the kind of partner. One pass, no Python objects inside the loop.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>

/* Tiles are 0 .. count - 1, each once (core.board checks this; here it is checked again so
 * that no index leaves the arrays). */
static int
read_tiles(PyObject *sequence, Py_ssize_t count, int32_t *out, const char *what)
{
    PyObject *fast = PySequence_Fast(sequence, "tiles must be a sequence of integers");
    if (fast == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(fast) != count) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd tiles, not %zd", what,
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
        if (value < 0 || value >= count) {
            PyErr_Format(PyExc_ValueError, "%s holds tile %ld, outside 0..%zd", what, value,
                         count - 1);
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int32_t)value;
    }
    Py_DECREF(fast);
    return 0;
}

typedef struct {
    int64_t score, after, first, index, order, other;
} Swap;

static int
swap_less(const Swap *a, const Swap *b)
{
    if (a->score != b->score) return a->score < b->score;
    if (a->after != b->after) return a->after < b->after;
    if (a->first != b->first) return a->first < b->first;
    if (a->index != b->index) return a->index < b->index;
    return a->order < b->order;
}

static PyObject *
nearest_swap(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *tiles_object, *target_object;
    Py_ssize_t width;
    if (!PyArg_ParseTuple(args, "OOn", &tiles_object, &target_object, &width)) {
        return NULL;
    }
    Py_ssize_t count = PyObject_Length(tiles_object);
    if (count < 0) {
        return NULL;
    }
    if (width < 1 || count < 2 || count % width != 0) {
        PyErr_SetString(PyExc_ValueError, "the tiles do not fill rows of that width");
        return NULL;
    }
    int32_t *tiles = PyMem_Malloc((size_t)count * sizeof(int32_t));
    int32_t *goal_cell = PyMem_Malloc((size_t)count * sizeof(int32_t));
    int32_t *home = PyMem_Malloc((size_t)count * sizeof(int32_t));
    PyObject *result = NULL;
    if (tiles == NULL || goal_cell == NULL || home == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (read_tiles(tiles_object, count, tiles, "the board") < 0 ||
        read_tiles(target_object, count, home, "the goal") < 0) {
        goto done;
    }
    for (Py_ssize_t cell = 0; cell < count; cell++) {
        goal_cell[home[cell]] = (int32_t)cell;
    }
    Py_ssize_t blank = -1;
    for (Py_ssize_t cell = 0; cell < count; cell++) {
        home[cell] = goal_cell[tiles[cell]];
        if (tiles[cell] == 0) {
            blank = cell;
        }
    }
    const int64_t w = width;
    Swap best = {INT64_MAX, 0, 0, 0, 0, 0};
    for (Py_ssize_t cell = 0; cell < count; cell++) {
        if (cell == blank) {
            continue; /* a swap with the blank is a slide */
        }
        const int64_t row = cell / w, column = cell % w;
        const int64_t home_row = home[cell] / w, home_column = home[cell] % w;
        const int64_t here = llabs(row - home_row) + llabs(column - home_column);
        int64_t partners[3] = {
            column + 1 < w ? cell + 1 : cell,
            cell + w < count ? cell + w : cell,
            home[cell],
        };
        for (int order = 0; order < 3; order++) {
            const int64_t other = partners[order];
            if (other == cell || other == blank) {
                continue;
            }
            const int64_t other_row = other / w, other_column = other % w;
            const int64_t other_home_row = home[other] / w, other_home_column = home[other] % w;
            Swap swap;
            if (order == 0) {
                /* both tiles move one step along the row */
                swap.score = (home_column <= column ? 1 : -1) +
                             (other_home_column >= other_column ? 1 : -1);
            } else if (order == 1) {
                swap.score = (home_row <= row ? 1 : -1) + (other_home_row >= other_row ? 1 : -1);
            } else {
                const int64_t there = llabs(other_row - other_home_row) +
                                      llabs(other_column - other_home_column);
                swap.score = llabs(row - other_home_row) + llabs(column - other_home_column) -
                             here - there + (here > 1);
            }
            swap.after = llabs(other_row - home_row) + llabs(other_column - home_column) +
                         llabs(row - other_home_row) + llabs(column - other_home_column);
            swap.first = cell < other ? cell : other;
            swap.index = cell;
            swap.order = order;
            swap.other = other;
            if (swap_less(&swap, &best)) {
                best = swap;
            }
        }
    }
    if (best.score == INT64_MAX) {
        PyErr_SetString(PyExc_ValueError, "no two tiles to swap");
        goto done;
    }
    {
        long first = tiles[best.index], second = tiles[best.other];
        result = Py_BuildValue("(ll)", first < second ? first : second,
                               first < second ? second : first);
    }
done:
    PyMem_Free(tiles);
    PyMem_Free(goal_cell);
    PyMem_Free(home);
    return result;
}

static PyMethodDef methods[] = {
    {"nearest_swap", nearest_swap, METH_VARARGS,
     "nearest_swap(tiles, target_tiles, width) -> (tile, tile): the swap "
     "core.fix.nearest_swap_pure picks, computed in C."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_definition = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_fix",
    .m_doc = "Compiled twin of core.fix's one-swap search.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC
PyInit__fix(void)
{
    return PyModule_Create(&module_definition);
}
