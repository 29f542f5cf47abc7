// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
        #pragma qd loop vector vector_length(16) independent
        for (int c = 0; c < cols; ++c)
            out[r * cols + c] = a[r * cols + c] - total / float(cols) + 0.0f * float(ticket);
    }
}

// A template kernel; collapse(2) over a batch of matrices.
#pragma qd kernel
template <class T>
void batched_row_sums(const T* a, int batches, int rows, int cols, T* sums)
{
    #pragma qd loop collapse(2) independent
    for (int b = 0; b < batches; ++b)
        for (int r = 0; r < rows; ++r) {
            T s = T(0);
            #pragma qd loop vector vector_length(32) reduction(+: s)
            for (int c = 0; c < cols; ++c)
                s += a[(b * rows + r) * cols + c];
            sums[b * rows + r] = s;
        }
}

// Body locals changed by the leader through a lambda's by-reference
// captures, in a template kernel (where the call is still unresolved when
// analysed), called directly and through a helper given the lambda; and
// through aggregates holding references to them, one of them of a
// dependent type, changed by const member functions. The whole group sees
// what the leader's calls left (issue 42).
template <class F, class T>
void apply_to(F& f, T v)
{
    f(v);
}

struct Counter {
    int& count;
    void hit() const { ++count; }
};

template <class T>
struct Tally {
    T& sum;
    void add(T v) const { sum += v; }
};

#pragma qd kernel
template <class T>
void shifted_rows(const T* a, const int* marks, int rows, int cols, T* out)
{
    for (int r = 0; r < rows; ++r) {
        T shift = T(0);
        int hits = 0;
        auto add = [&](T v) { shift += v; ++hits; };
        if (marks[r] != 0)
            add(a[r * cols]);
        apply_to(add, T(0.5));
        int seen = 0;
        const Counter counter{seen};
        if (marks[r] > 1)
            counter.hit();
        T extra = T(0);
        const Tally<T> tally{extra};
        tally.add(a[r * cols + 1]);
        #pragma qd loop vector vector_length(8)
        for (int c = 0; c < cols; ++c)
            out[r * cols + c] = a[r * cols + c] + shift + extra + T(hits * 4 + seen);
    }
}

// Compiled for the device in the golden .cu: the class template's member
// function that the pattern calls on a dependent object is device code too.
template void shifted_rows<float>(const float*, const int*, int, int, float*);
