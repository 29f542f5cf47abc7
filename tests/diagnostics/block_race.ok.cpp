// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Give each block its own memory to write, or move the block that needs
// another block's result after the region. None of these blocks warn: they
// write different parameters, or only read the memory they share
// (including through a 'const float*' helper parameter). Distinct
// parameters are assumed not to alias.
#include <qd/atomic.h>

struct Mesh {
    float* x;
    float* y;
    int n;
};

float sum_of(const float* v, int n) // only reads through 'v'
{
    return v[0] + v[n - 1];
}

// Both blocks only read 'a'; each writes its own output.
#pragma qd kernel
void read_while_written(const float* a, float* scaled, float* b, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            scaled[i] = 2.0f * a[i];
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            b[i] = a[i] + 1.0f;
    }
}

// Each block writes its own output; they are combined after the region,
// which waits for both blocks.
#pragma qd kernel
void both_write(float* out, float* tmp, const float* p, const float* q, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            out[i] = p[i];
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            tmp[i] = q[i];
    }
    for (int i = 0; i < n; ++i)
        out[i] += tmp[i];
}

// The alias points into the block's own output.
#pragma qd kernel
void through_alias(const float* a, float* halves, float* sums, int rows, int cols)
{
    #pragma qd stream_parallel
    {
        for (int r = 0; r < rows; ++r) {
            float* row = halves + r * cols;
            for (int c = 0; c < cols; ++c)
                row[c] = 0.5f * a[r * cols + c];
        }
    }
    #pragma qd stream_parallel
    {
        for (int r = 0; r < rows; ++r) {
            float s = 0.0f;
            for (int c = 0; c < cols; ++c)
                s += a[r * cols + c];
            sums[r] = s;
        }
    }
}

// Different members are different memory: block 1 writes 'm.x', block 2
// writes 'm.y'.
#pragma qd kernel
void struct_member(Mesh m)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < m.n; ++i)
            m.x[i] += 1.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < m.n; ++i)
            m.y[i] *= 0.5f;
    }
}

// A helper that takes 'const float*' only reads.
#pragma qd kernel
void passed_to_helper(float* a, float* b, float* total, int n)
{
    #pragma qd stream_parallel
    {
        total[0] = sum_of(a, n);
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            b[i] = a[i];
    }
}

// One total per block, added after the region.
#pragma qd kernel
void atomic_total(const float* a, const float* b, float* total, float* partial, int n)
{
    total[0] = 0.0f;
    partial[0] = 0.0f;
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            qd::atomic_add(total, a[i]);
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            qd::atomic_add(partial, b[i]);
    }
    total[0] += partial[0];
}

// The halves are passed as two parameters ('disjoint_halves(a, a + n / 2,
// n / 2, n - n / 2)'), which are assumed not to alias.
#pragma qd kernel
void disjoint_halves(float* lower, float* upper, int n_lower, int n_upper)
{
    #pragma qd stream_parallel
    for (int i = 0; i < n_lower; ++i)
        lower[i] = 0.0f;
    #pragma qd stream_parallel
    for (int i = 0; i < n_upper; ++i)
        upper[i] = 1.0f;
}

// Block 3 reads memory that no block writes.
#pragma qd kernel
void third_block(float* a, float* b, float* c, const float* in, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            a[i] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            b[i] = in[i];
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            c[i] = in[i] * 2.0f;
    }
}

// Each block writes its own slice of one buffer, 'out[k * n + i]' with 'i'
// counting from 0 below 'n': the slices are disjoint, so the blocks do not
// race; the third block also reads slice 3, which no block writes.
#pragma qd kernel
void slices_of_one_buffer(float* out, const float* in, int n)
{
    #pragma qd stream_parallel
    for (int i = 0; i < n; ++i)
        out[i] = in[i];
    #pragma qd stream_parallel
    for (int i = 0; i < n; ++i)
        out[n + i] = 2.0f * in[i];
    #pragma qd stream_parallel
    for (int i = 0; i < n; ++i)
        out[2 * n + i] = in[i] + out[3 * n + i];
    #pragma qd stream_parallel
    for (int t = 0; t < n; ++t)
        out[t + n * 4] = 0.0f;
}

// Reduction variables are not shared memory: each block reduces into its own
// local (of a template type, whose uses the race check cannot see through),
// and both read the kernel-level result of an earlier reduction.
#pragma qd kernel
template <class T>
void block_reductions(const T* in, int n, T* first, T* second)
{
    T scale = T(1);
    #pragma qd loop reduction(*: scale)
    for (int i = 0; i < 2; ++i)
        scale *= T(2);
    #pragma qd stream_parallel
    {
        T total = T(0);
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i)
            total += in[i] * scale;
        first[0] = total;
    }
    #pragma qd stream_parallel
    {
        T total = T(0);
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i)
            total += in[i] / scale;
        second[0] = total;
    }
}
template void block_reductions<float>(const float*, int, float*, float*);

// '#pragma qd host' statements run on the host as it enqueues the blocks,
// one after the other: two of them writing the same host memory do not
// race (the device work beside them writes memory of its own).
#pragma qd kernel
void record_streams(float* a, float* b, int n, int* seen)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            a[i] += 1.0f;
        #pragma qd host
        seen[0] += 1;
    }
    #pragma qd stream_parallel
    {
        #pragma qd host
        seen[0] += 2;
        for (int i = 0; i < n; ++i)
            b[i] += 1.0f;
    }
}
