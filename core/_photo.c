/* Compiled twin of the photo reader's per-pixel and per-path loops (the pure-Python ones
 * are the reference):
 *
 * - augment: core.photo.assignment.augment_pure, the augmenting paths of the assignment,
 *   the same steps in the same order on the same doubles, so the same assignment and the
 *   same potentials to the bit;
 * - reconstruct and label_regions: core.photo.board_finder's reconstruct_pure and
 *   label_regions_pure, flood fills over a mask, where numpy takes hundreds of whole-image
 *   steps or a Python union-find;
 * - shifted_stack: core.photo.network.shifted_stack_pure, the copying before each of the
 *   number network's convolutions, which numpy does in ten strided passes (the product
 *   after it stays numpy's).
 *
 * Arrays come in as C-contiguous buffers (numpy arrays) and results are written into a
 * buffer the caller made, so no array is built here. The loops touch no Python object, so
 * they run with the GIL released: the window's thread goes on while the reader reads.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* A buffer of `itemsize`-byte items, C-contiguous, of `ndim` dimensions, whose format is
 * one of the characters of `formats` (numpy's int64 is 'l' on some systems, 'q' on
 * others). */
static int
get_array(PyObject *object, Py_buffer *view, int writable, const char *formats,
          Py_ssize_t itemsize, int ndim, const char *what)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(object, view, flags) != 0) {
        return -1;
    }
    const char *got = view->format == NULL ? "B" : view->format;
    if (got[0] == '<' || got[0] == '=' || got[0] == '@') {
        got++;
    }
    if (view->itemsize != itemsize || strlen(got) != 1 || strchr(formats, got[0]) == NULL
        || view->ndim != ndim) {
        PyErr_Format(PyExc_ValueError, "%s must be a %d-dimensional array of %zd-byte '%s' items",
                     what, ndim, itemsize, formats);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static int
same_shape(const Py_buffer *first, const Py_buffer *second, const char *what)
{
    for (int axis = 0; axis < first->ndim; axis++) {
        if (first->shape[axis] != second->shape[axis]) {
            PyErr_Format(PyExc_ValueError, "%s: the arrays differ in shape", what);
            return 0;
        }
    }
    return 1;
}

/* augment(costs, column_of_row, row_potential, column_potential): costs is n x n doubles;
 * the results are written into column_of_row (n int64) and the two potentials (n + 1
 * doubles each, index 0 the free row's, as in the reference). */
static PyObject *
augment(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *costs_object, *columns_object, *rows_potential_object, *columns_potential_object;
    if (!PyArg_ParseTuple(args, "OOOO:augment", &costs_object, &columns_object,
                          &rows_potential_object, &columns_potential_object)) {
        return NULL;
    }
    Py_buffer costs, column_of_row, row_potential, column_potential;
    if (get_array(costs_object, &costs, 0, "d", 8, 2, "costs") != 0) {
        return NULL;
    }
    if (get_array(columns_object, &column_of_row, 1, "lq", 8, 1, "column_of_row") != 0) {
        PyBuffer_Release(&costs);
        return NULL;
    }
    if (get_array(rows_potential_object, &row_potential, 1, "d", 8, 1, "row_potential") != 0) {
        PyBuffer_Release(&costs);
        PyBuffer_Release(&column_of_row);
        return NULL;
    }
    if (get_array(columns_potential_object, &column_potential, 1, "d", 8, 1,
                  "column_potential") != 0) {
        PyBuffer_Release(&costs);
        PyBuffer_Release(&column_of_row);
        PyBuffer_Release(&row_potential);
        return NULL;
    }
    PyObject *result = NULL;
    Py_ssize_t n = costs.shape[0];
    int64_t *row_of_column = NULL, *previous = NULL;
    double *shortest = NULL;
    char *used = NULL;
    if (costs.shape[1] != n || column_of_row.shape[0] != n || row_potential.shape[0] != n + 1
        || column_potential.shape[0] != n + 1) {
        PyErr_SetString(PyExc_ValueError, "augment: the arrays' sizes do not match");
        goto done;
    }
    row_of_column = PyMem_Calloc((size_t)n + 1, sizeof(int64_t));
    previous = PyMem_Calloc((size_t)n + 1, sizeof(int64_t));
    shortest = PyMem_Calloc((size_t)n + 1, sizeof(double));
    used = PyMem_Calloc((size_t)n + 1, 1);
    if (row_of_column == NULL || previous == NULL || shortest == NULL || used == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    const double *matrix = costs.buf;
    double *u = row_potential.buf, *v = column_potential.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t j = 0; j <= n; j++) {
        u[j] = 0.0;
        v[j] = 0.0;
    }
    for (int64_t row = 1; row <= n; row++) {
        row_of_column[0] = row;
        Py_ssize_t column = 0;
        for (Py_ssize_t j = 0; j <= n; j++) {
            shortest[j] = INFINITY;
            previous[j] = 0;
            used[j] = 0;
        }
        for (;;) {
            used[column] = 1;
            int64_t current_row = row_of_column[column];
            const double *costs_row = matrix + (current_row - 1) * n;
            for (Py_ssize_t j = 1; j <= n; j++) {
                if (used[j]) {
                    continue;
                }
                double reduced = costs_row[j - 1] - u[current_row] - v[j];
                if (reduced < shortest[j]) {
                    shortest[j] = reduced;
                    previous[j] = column;
                }
            }
            /* The first free column of least distance (numpy's argmin, used ones at
             * infinity). */
            Py_ssize_t next_column = 1;
            double delta = used[1] ? INFINITY : shortest[1];
            for (Py_ssize_t j = 2; j <= n; j++) {
                double candidate = used[j] ? INFINITY : shortest[j];
                if (candidate < delta) {
                    delta = candidate;
                    next_column = j;
                }
            }
            for (Py_ssize_t j = 0; j <= n; j++) {
                if (used[j]) {
                    u[row_of_column[j]] += delta;
                    v[j] -= delta;
                }
                else if (j > 0) {
                    shortest[j] -= delta;
                }
            }
            column = next_column;
            if (row_of_column[column] == 0) {
                break;
            }
        }
        while (column) {
            Py_ssize_t previous_column = previous[column];
            row_of_column[column] = row_of_column[previous_column];
            column = previous_column;
        }
    }
    int64_t *columns = column_of_row.buf;
    for (Py_ssize_t column = 1; column <= n; column++) {
        columns[row_of_column[column] - 1] = column - 1;
    }
    Py_END_ALLOW_THREADS
    result = Py_NewRef(Py_None);
done:
    PyMem_Free(row_of_column);
    PyMem_Free(previous);
    PyMem_Free(shortest);
    PyMem_Free(used);
    PyBuffer_Release(&costs);
    PyBuffer_Release(&column_of_row);
    PyBuffer_Release(&row_potential);
    PyBuffer_Release(&column_potential);
    return result;
}

/* Spreads from every pixel already in `region` (marked 1, and listed in `queue[0 ..
 * count)`) to its 4-neighbours that `allowed` holds, marking each once and listing it in
 * the queue; returns how many the queue then lists. */
static Py_ssize_t
flood(const char *allowed, char *region, int32_t *queue, Py_ssize_t count, Py_ssize_t height,
      Py_ssize_t width)
{
    Py_ssize_t head = 0;
    while (head < count) {
        int32_t index = queue[head++];
        Py_ssize_t y = index / width, x = index % width;
        int32_t neighbours[4];
        int found = 0;
        if (y > 0) neighbours[found++] = index - (int32_t)width;
        if (y + 1 < height) neighbours[found++] = index + (int32_t)width;
        if (x > 0) neighbours[found++] = index - 1;
        if (x + 1 < width) neighbours[found++] = index + 1;
        for (int k = 0; k < found; k++) {
            int32_t next = neighbours[k];
            if (allowed[next] && !region[next]) {
                region[next] = 1;
                queue[count++] = next;
            }
        }
    }
    return count;
}

/* The mask arrays: bool, 2-dimensional, of one shape, at most 2**31 - 1 pixels. On an
 * error none is held. */
static int
get_masks(PyObject *const *objects, Py_buffer *views, const int *writable, int count,
          const char *what)
{
    for (int i = 0; i < count; i++) {
        int failed = get_array(objects[i], &views[i], writable[i], "?", 1, 2, what) != 0;
        if (!failed && i > 0 && !same_shape(&views[0], &views[i], what)) {
            PyBuffer_Release(&views[i]);
            failed = 1;
        }
        else if (!failed && i == 0 && views[0].shape[0] * views[0].shape[1] > INT32_MAX) {
            PyErr_Format(PyExc_ValueError, "%s: the mask is too large", what);
            PyBuffer_Release(&views[0]);
            failed = 1;
        }
        if (failed) {
            for (int k = 0; k < i; k++) {
                PyBuffer_Release(&views[k]);
            }
            return -1;
        }
    }
    return 0;
}

/* reconstruct(seeds, allowed, region): every allowed pixel connected (4-neighbours) to a
 * seed through allowed pixels, written into region. */
static PyObject *
reconstruct(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *objects[3];
    if (!PyArg_ParseTuple(args, "OOO:reconstruct", &objects[0], &objects[1], &objects[2])) {
        return NULL;
    }
    Py_buffer views[3];
    static const int writable[3] = {0, 0, 1};
    if (get_masks(objects, views, writable, 3, "reconstruct") != 0) {
        return NULL;
    }
    Py_ssize_t height = views[0].shape[0], width = views[0].shape[1];
    Py_ssize_t size = height * width;
    int32_t *queue = PyMem_Malloc((size_t)(size > 0 ? size : 1) * sizeof(int32_t));
    PyObject *result = NULL;
    if (queue == NULL) {
        PyErr_NoMemory();
    }
    else {
        const char *seeds = views[0].buf, *allowed = views[1].buf;
        char *region = views[2].buf;
        Py_BEGIN_ALLOW_THREADS
        Py_ssize_t count = 0;
        for (Py_ssize_t index = 0; index < size; index++) {
            region[index] = (char)(seeds[index] && allowed[index]);
            if (region[index]) {
                queue[count++] = (int32_t)index;
            }
        }
        flood(allowed, region, queue, count, height, width);
        Py_END_ALLOW_THREADS
        result = Py_NewRef(Py_None);
    }
    PyMem_Free(queue);
    for (int i = 0; i < 3; i++) {
        PyBuffer_Release(&views[i]);
    }
    return result;
}

/* label_regions(free, labels): each 4-connected region of free pixels labelled, in the
 * int64 array labels, with the smallest flat index in it; -1 elsewhere. A region is found
 * at its first pixel in row-major order, which is its smallest index. */
static PyObject *
label_regions(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *free_object, *labels_object;
    if (!PyArg_ParseTuple(args, "OO:label_regions", &free_object, &labels_object)) {
        return NULL;
    }
    Py_buffer free_view, labels_view;
    PyObject *objects[1] = {free_object};
    static const int writable[1] = {0};
    if (get_masks(objects, &free_view, writable, 1, "label_regions") != 0) {
        return NULL;
    }
    if (get_array(labels_object, &labels_view, 1, "lq", 8, 2, "labels") != 0) {
        PyBuffer_Release(&free_view);
        return NULL;
    }
    PyObject *result = NULL;
    Py_ssize_t height = free_view.shape[0], width = free_view.shape[1];
    Py_ssize_t size = height * width;
    int32_t *queue = NULL;
    char *seen = NULL;
    if (!same_shape(&free_view, &labels_view, "label_regions")) {
        goto done;
    }
    queue = PyMem_Malloc((size_t)(size > 0 ? size : 1) * sizeof(int32_t));
    seen = PyMem_Calloc((size_t)(size > 0 ? size : 1), 1);
    if (queue == NULL || seen == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    const char *free_pixels = free_view.buf;
    int64_t *labels = labels_view.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t index = 0; index < size; index++) {
        labels[index] = -1;
    }
    for (Py_ssize_t first = 0; first < size; first++) {
        if (!free_pixels[first] || seen[first]) {
            continue;
        }
        seen[first] = 1;
        queue[0] = (int32_t)first;
        Py_ssize_t count = flood(free_pixels, seen, queue, 1, height, width);
        for (Py_ssize_t k = 0; k < count; k++) {
            labels[queue[k]] = first;
        }
    }
    Py_END_ALLOW_THREADS
    result = Py_NewRef(Py_None);
done:
    PyMem_Free(queue);
    PyMem_Free(seen);
    PyBuffer_Release(&free_view);
    PyBuffer_Release(&labels_view);
    return result;
}

/* shifted_stack(pictures, shifted): pictures is (channels, cells, height, width) float32;
 * shifted, (3, 3, channels, cells, height, width), gets the pictures shifted by each of
 * the nine steps of a 3 x 3 window (row r, column c: by r - 1 down and c - 1 across), the
 * places a shift leaves zero: core.photo.network.shifted_stack_pure. */
static PyObject *
shifted_stack(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *pictures_object, *shifted_object;
    if (!PyArg_ParseTuple(args, "OO:shifted_stack", &pictures_object, &shifted_object)) {
        return NULL;
    }
    Py_buffer pictures, shifted;
    if (get_array(pictures_object, &pictures, 0, "f", 4, 4, "pictures") != 0) {
        return NULL;
    }
    if (get_array(shifted_object, &shifted, 1, "f", 4, 6, "shifted") != 0) {
        PyBuffer_Release(&pictures);
        return NULL;
    }
    PyObject *result = NULL;
    Py_ssize_t planes = pictures.shape[0] * pictures.shape[1];
    Py_ssize_t height = pictures.shape[2], width = pictures.shape[3];
    if (shifted.shape[0] != 3 || shifted.shape[1] != 3 || shifted.shape[2] != pictures.shape[0]
        || shifted.shape[3] != pictures.shape[1] || shifted.shape[4] != height
        || shifted.shape[5] != width) {
        PyErr_SetString(PyExc_ValueError, "shifted_stack: the arrays' shapes do not match");
        goto done;
    }
    const float *in = pictures.buf;
    float *out = shifted.buf;
    Py_BEGIN_ALLOW_THREADS
    for (int row = 0; row < 3; row++) {
        Py_ssize_t down = row - 1;
        for (int column = 0; column < 3; column++) {
            Py_ssize_t across = column - 1;
            /* The pixels x of a row that come from the picture: 0 <= x + across < width. */
            Py_ssize_t first = across < 0 ? 1 : 0;
            Py_ssize_t last = across > 0 ? width - 1 : width;
            for (Py_ssize_t plane = 0; plane < planes; plane++) {
                const float *source = in + plane * height * width;
                for (Py_ssize_t y = 0; y < height; y++) {
                    Py_ssize_t from = y + down;
                    if (from < 0 || from >= height || last <= first) {
                        memset(out, 0, (size_t)width * sizeof(float));
                    }
                    else {
                        const float *line = source + from * width + across;
                        for (Py_ssize_t x = 0; x < first; x++) out[x] = 0.0f;
                        memcpy(out + first, line + first, (size_t)(last - first) * sizeof(float));
                        for (Py_ssize_t x = last; x < width; x++) out[x] = 0.0f;
                    }
                    out += width;
                }
            }
        }
    }
    Py_END_ALLOW_THREADS
    result = Py_NewRef(Py_None);
done:
    PyBuffer_Release(&pictures);
    PyBuffer_Release(&shifted);
    return result;
}

static PyMethodDef methods[] = {
    {"augment", augment, METH_VARARGS,
     "augment(costs, column_of_row, row_potential, column_potential): the augmenting "
     "paths of core.photo.assignment.augment_pure, results written into the "
     "last three arrays."},
    {"reconstruct", reconstruct, METH_VARARGS,
     "reconstruct(seeds, allowed, region): core.photo.board_finder.reconstruct_pure, "
     "written into region."},
    {"label_regions", label_regions, METH_VARARGS,
     "label_regions(free, labels): core.photo.board_finder.label_regions_pure, written "
     "into labels (int64)."},
    {"shifted_stack", shifted_stack, METH_VARARGS,
     "shifted_stack(pictures, shifted): core.photo.network.shifted_stack_pure, written "
     "into shifted."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_definition = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_photo",
    .m_doc = "Compiled twin of the photo reader's pixel and assignment loops.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC
PyInit__photo(void)
{
    return PyModule_Create(&module_definition);
}
