/* Compiled twin of core.inversions.count_inversions (the pure-Python one is the reference).
 *
 * A bottom-up merge sort over 32-bit ranks that adds, at each merge, how many left-run
 * ranks exceed each right-run rank: O(n log n), no Python objects inside the loops.
 * Built by `pip install` when a C compiler is there (optional extension); core.speedups
 * says which twin is running.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Ranks are below 2**32 (MAX_CELLS is 4,000,000); anything else is refused. */
static int
read_ranks(PyObject *sequence, uint32_t **out, Py_ssize_t *length)
{
    PyObject *fast = PySequence_Fast(sequence, "ranks must be a sequence of integers");
    if (fast == NULL) {
        return -1;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    uint32_t *ranks = PyMem_Malloc((size_t)(count > 0 ? count : 1) * sizeof(uint32_t));
    if (ranks == NULL) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < count; i++) {
        unsigned long value = PyLong_AsUnsignedLong(items[i]);
        if (value == (unsigned long)-1 && PyErr_Occurred()) {
            goto fail;
        }
        if (value > UINT32_MAX) {
            PyErr_SetString(PyExc_OverflowError, "rank does not fit in 32 bits");
            goto fail;
        }
        ranks[i] = (uint32_t)value;
    }
    Py_DECREF(fast);
    *out = ranks;
    *length = count;
    return 0;
fail:
    Py_DECREF(fast);
    PyMem_Free(ranks);
    return -1;
}

/* Inversions of ranks[0..length), sorting them in place; scratch holds `length` ranks. */
static unsigned long long
merge_count(uint32_t *ranks, uint32_t *scratch, Py_ssize_t length)
{
    unsigned long long total = 0;
    /* Short runs by insertion: cheaper than merging single elements. */
    const Py_ssize_t run = 16;
    for (Py_ssize_t start = 0; start < length; start += run) {
        Py_ssize_t end = start + run < length ? start + run : length;
        for (Py_ssize_t i = start + 1; i < end; i++) {
            uint32_t value = ranks[i];
            Py_ssize_t j = i;
            while (j > start && ranks[j - 1] > value) {
                ranks[j] = ranks[j - 1];
                j--;
            }
            total += (unsigned long long)(i - j);
            ranks[j] = value;
        }
    }
    uint32_t *source = ranks, *target = scratch;
    for (Py_ssize_t width = run; width < length; width *= 2) {
        for (Py_ssize_t left = 0; left < length; left += 2 * width) {
            Py_ssize_t middle = left + width < length ? left + width : length;
            Py_ssize_t right_end = left + 2 * width < length ? left + 2 * width : length;
            Py_ssize_t i = left, j = middle, k = left;
            while (i < middle && j < right_end) {
                if (source[j] < source[i]) {
                    /* Every rank still waiting in the left run is greater. */
                    total += (unsigned long long)(middle - i);
                    target[k++] = source[j++];
                }
                else {
                    target[k++] = source[i++];
                }
            }
            while (i < middle) {
                target[k++] = source[i++];
            }
            while (j < right_end) {
                target[k++] = source[j++];
            }
        }
        uint32_t *swap = source;
        source = target;
        target = swap;
    }
    return total;
}

static PyObject *
count_inversions(PyObject *Py_UNUSED(module), PyObject *sequence)
{
    uint32_t *ranks;
    Py_ssize_t length;
    if (read_ranks(sequence, &ranks, &length) < 0) {
        return NULL;
    }
    uint32_t *scratch = PyMem_Malloc((size_t)(length > 0 ? length : 1) * sizeof(uint32_t));
    if (scratch == NULL) {
        PyMem_Free(ranks);
        return PyErr_NoMemory();
    }
    unsigned long long total;
    Py_BEGIN_ALLOW_THREADS
    total = merge_count(ranks, scratch, length);
    Py_END_ALLOW_THREADS
    PyMem_Free(scratch);
    PyMem_Free(ranks);
    return PyLong_FromUnsignedLongLong(total);
}

static PyMethodDef methods[] = {
    {"count_inversions", count_inversions, METH_O,
     "count_inversions(ranks) -> int: pairs i < j with ranks[i] > ranks[j] (ranks < 2**32)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_definition = {
    PyModuleDef_HEAD_INIT,
    .m_name = "core._inversions",
    .m_doc = "Compiled twin of core.inversions.count_inversions.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC
PyInit__inversions(void)
{
    return PyModule_Create(&module_definition);
}
