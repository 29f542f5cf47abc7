// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Two blocks of one stream_parallel region that use the same memory, where
// at least one of them writes it. The blocks run at the same time on
// different streams, so the result depends on timing.
#include <qd/atomic.h>

struct Mesh {
    float* x;
    float* y;
    int n;
};

void smooth(float* v, int n) // writes through 'v'
{
    v[n - 1] = 0.5f * (v[n - 1] + v[0]);
}

// One block writes what the other reads.
#pragma qd kernel
void read_while_written(float* a, float* b, int n)
{
    #pragma qd stream_parallel // expected-note {{stream_parallel block 1 starts here}}
    {
        for (int i = 0; i < n; ++i)
            a[i] = 2.0f * a[i]; // expected-note {{block 1 writes 'a' here}}
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            b[i] = a[i] + 1.0f; // expected-warning {{'a' is read by stream_parallel block 2 while block 1 of the same region writes it; the blocks may run at the same time, so this is a likely race; give each block its own memory, or move one of them out of the region [-Wqd-race]}}
    }
}

// Both blocks write the same output.
#pragma qd kernel
void both_write(float* out, const float* p, const float* q, int n)
{
    #pragma qd stream_parallel // expected-note {{stream_parallel block 1 starts here}}
    {
        for (int i = 0; i < n; ++i)
            out[i] = p[i]; // expected-note {{block 1 writes 'out' here}}
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            out[i] += q[i]; // expected-warning {{'out' is written by stream_parallel block 2 while block 1 of the same region writes it}}
    }
}

// A local pointer into 'a' is followed: writing 'row' writes 'a'.
#pragma qd kernel
void through_alias(float* a, float* sums, int rows, int cols)
{
    #pragma qd stream_parallel // expected-note {{stream_parallel block 1 starts here}}
    {
        for (int r = 0; r < rows; ++r) {
            float* row = a + r * cols;
            for (int c = 0; c < cols; ++c)
                row[c] *= 0.5f; // expected-note {{block 1 writes 'a' here}}
        }
    }
    #pragma qd stream_parallel
    {
        for (int r = 0; r < rows; ++r) {
            float s = 0.0f;
            for (int c = 0; c < cols; ++c)
                s += a[r * cols + c]; // expected-warning {{'a' is read by stream_parallel block 2 while block 1 of the same region writes it}}
            sums[r] = s;
        }
    }
}

// The pointer members of a struct parameter are memory too: 'm.x'.
#pragma qd kernel
void struct_member(Mesh m, float* lengths)
{
    #pragma qd stream_parallel // expected-note {{stream_parallel block 1 starts here}}
    {
        for (int i = 0; i < m.n; ++i)
            m.x[i] += 1.0f; // expected-note {{block 1 writes 'm.x' here}}
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < m.n; ++i)
            lengths[i] = m.x[i] * m.x[i] + m.y[i] * m.y[i]; // expected-warning {{'m.x' is read by stream_parallel block 2 while block 1 of the same region writes it}}
    }
}

// A function that takes a non-const 'float*' may write through it.
#pragma qd kernel
void passed_to_helper(float* a, float* b, int n)
{
    #pragma qd stream_parallel // expected-note {{stream_parallel block 1 starts here}}
    {
        smooth(a, n); // expected-note {{block 1 writes 'a' here}}
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            b[i] = a[i]; // expected-warning {{'a' is read by stream_parallel block 2 while block 1 of the same region writes it}}
    }
}

// Atomic updates count as writes, also when both blocks only add to the
// same total atomically. That pair cannot race, but the analysis does not
// tell atomics apart: a false positive it accepts rather than miss a race.
#pragma qd kernel
void atomic_total(const float* a, const float* b, float* total, int n)
{
    total[0] = 0.0f;
    #pragma qd stream_parallel // expected-note {{stream_parallel block 1 starts here}}
    {
        for (int i = 0; i < n; ++i)
            qd::atomic_add(total, a[i]); // expected-note {{block 1 writes 'total' here}}
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            qd::atomic_add(total, b[i]); // expected-warning {{'total' is written by stream_parallel block 2 while block 1 of the same region writes it}}
    }
}

// Writing disjoint halves of one array is warned too: a pointer computed
// from 'a' is 'a', and indices are not compared.
#pragma qd kernel
void disjoint_halves(float* a, int n)
{
    float* upper = a + n / 2;
    #pragma qd stream_parallel // expected-note {{stream_parallel block 1 starts here}}
    for (int i = 0; i < n / 2; ++i)
        a[i] = 0.0f; // expected-note {{block 1 writes 'a' here}}
    #pragma qd stream_parallel
    for (int i = 0; i < n - n / 2; ++i)
        upper[i] = 1.0f; // expected-warning {{'a' is written by stream_parallel block 2 while block 1 of the same region writes it}}
}

// With three blocks, each pair is checked; the warning names both blocks.
#pragma qd kernel
void third_block(float* a, float* b, float* c, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            a[i] = 0.0f;
    }
    #pragma qd stream_parallel // expected-note {{stream_parallel block 2 starts here}}
    {
        for (int i = 0; i < n; ++i)
            b[i] = 1.0f; // expected-note {{block 2 writes 'b' here}}
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            c[i] = b[i]; // expected-warning {{'b' is read by stream_parallel block 3 while block 2 of the same region writes it}}
    }
}

// Slices of one buffer ('out[k * n + i]') are told apart only when they
// differ: here the second block reads slice 0, which the first one writes.
#pragma qd kernel
void overlapping_slices(float* out, int n)
{
    #pragma qd stream_parallel // expected-note {{stream_parallel block 1 starts here}}
    for (int i = 0; i < n; ++i)
        out[i] = 1.0f; // expected-note {{block 1 writes 'out' here}}
    #pragma qd stream_parallel
    for (int i = 0; i < n; ++i)
        out[n + i] = out[i]; // expected-warning {{'out' is written by stream_parallel block 2 while block 1 of the same region writes it}}
}

// Silenced at one site, the way clang users silence any warning: the race
// is deliberate here (say, the blocks touch disjoint halves through one
// pointer). Nothing is reported inside push/pop.
#pragma qd kernel
void silenced_at_one_site(float* out, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n / 2; ++i)
            out[i] = 1.0f;
    }
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wqd-race"
    #pragma qd stream_parallel
    {
        for (int i = n / 2; i < n; ++i)
            out[i] = 2.0f;
    }
#pragma clang diagnostic pop
}

