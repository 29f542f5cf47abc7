// Inner vector loops (#pragma qd loop vector): a group of threads per outer
// iteration shares the vector loop; the rest of the body keeps its serial
// meaning.
#include <algorithm>

#include <qd/atomic.h>

// Row sums of a row-major matrix: a group of neighbouring threads per row.
#pragma qd kernel
void row_sums(const float* a, int rows, int cols, float* sums)
{
    for (int r = 0; r < rows; ++r) {
        float s = 0.0f;
        #pragma qd loop vector reduction(+: s)
        for (int c = 0; c < cols; ++c)
            s += a[r * cols + c];
        sums[r] = s;
    }
}

// Column maxima: neighbouring threads take neighbouring columns, and each
// column's group is spread over the block.
#pragma qd kernel
void column_max(const float* a, int rows, int cols, float* best)
{
    for (int c = 0; c < cols; ++c) {
        float m = -1.0e30f;
        #pragma qd loop vector vector_length(8) reduction(max: m)
        for (int r = 0; r < rows; ++r)
            m = std::max(m, a[r * cols + c]);
        best[c] = m;
    }
}

// Side effects between two vector loops, each once per row: a row that is
// skipped by the leader's statement, an atomic ticket, a store read back.
#pragma qd kernel
void two_passes(const float* a, const int* skip, int rows, int cols, float* out, int* tickets)
{
    for (int r = 0; r < rows; ++r) {
        if (skip[r] != 0) {
            out[r * cols] = -1.0f;
            continue;
        }
        const int ticket = qd::atomic_add(tickets, 1);
        float total = 0.0f;
        #pragma qd loop vector vector_length(16) reduction(+: total)
        for (int c = 0; c < cols; ++c)
            total += a[r * cols + c];
        #pragma qd loop vector vector_length(16)
        for (int c = 0; c < cols; ++c)
            out[r * cols + c] = a[r * cols + c] - total / float(cols) + 0.0f * float(ticket);
    }
}

// A template kernel; collapse(2) over a batch of matrices.
#pragma qd kernel
template <class T>
void batched_row_sums(const T* a, int batches, int rows, int cols, T* sums)
{
    #pragma qd loop collapse(2)
    for (int b = 0; b < batches; ++b)
        for (int r = 0; r < rows; ++r) {
            T s = T(0);
            #pragma qd loop vector vector_length(32) reduction(+: s)
            for (int c = 0; c < cols; ++c)
                s += a[(b * rows + r) * cols + c];
            sums[b * rows + r] = s;
        }
}
