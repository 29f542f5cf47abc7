// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'return;' in the kernel's host code: a guard at the top, a return from
// inside a host loop, a kernel called by another (whose return ends only
// its own work), and the same in graph mode, where the work described
// before the return is still launched.

#pragma qd kernel
void scale(float* a, int n, float s)
{
    if (n <= 0)
        return;
    for (int i = 0; i < n; ++i)
        a[i] *= s;
}

#pragma qd kernel
void grow_until(float* a, int n, int limit, int* rounds)
{
    rounds[0] = 0;
    #pragma qd loop seq
    for (int r = 1; r <= 10; ++r) {
        for (int i = 0; i < n; ++i)
            a[i] += 1.0f;
        rounds[0] = r;
        if (r == limit)
            return;
    }
    for (int i = 0; i < n; ++i)
        a[i] = -a[i];
}

#pragma qd kernel
void scale_twice(float* a, int n, float s)
{
    scale(a, n, s);
    scale(a, n > 4 ? 0 : n, s);
    for (int i = 0; i < n; ++i)
        a[i] += 0.5f;
}

#pragma qd kernel graph
void grow_until_graph(float* a, int n, int limit, int* rounds)
{
    rounds[0] = 0;
    #pragma qd loop seq
    for (int r = 1; r <= 10; ++r) {
        for (int i = 0; i < n; ++i)
            a[i] += 1.0f;
        rounds[0] = r;
        if (r == limit)
            return;
    }
    scale(a, n, -1.0f);
}
