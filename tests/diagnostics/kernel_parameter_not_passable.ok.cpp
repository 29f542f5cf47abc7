// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Pass results through a pointer to device memory, data as a pointer and a
// size, small structs by value or 'const&' (the device gets a copy), and
// choose the function to apply with a value the kernel switches on. A
// non-const reference that only host statements use hands a result back, as
// a serial function returns it.
#include <qd/atomic.h>

struct Table {
    float* values;
    int size;
};

#pragma qd kernel
void count_positive(const float* x, int n, int* count)
{
    for (int i = 0; i < n; ++i)
        if (x[i] > 0.0f)
            qd::atomic_add(count, 1);
}

#pragma qd kernel
void count_positive_on_host(const float* x, int n, int& count, int& calls)
{
    int positive = 0;
    #pragma qd loop reduction(+: positive)
    for (int i = 0; i < n; ++i)
        if (x[i] > 0.0f)
            ++positive;
    #pragma qd host
    ++calls;
    #pragma qd host wait
    count = positive;
}

#pragma qd kernel
void scale_all(float* v, int n, float s)
{
    for (int i = 0; i < n; ++i)
        v[i] *= s;
}

#pragma qd kernel
void lookup(const Table& t, float* out, int n)
{
    for (int i = 0; i < n; ++i)
        out[i] = t.values[i % t.size];
}

enum class Op { Square, Negate };

float apply_op(Op op, float v) { return op == Op::Square ? v * v : -v; }

#pragma qd kernel
void apply(float* x, int n, Op op, float bias)
{
    for (int i = 0; i < n; ++i)
        x[i] = apply_op(op, x[i]) + bias;
}
