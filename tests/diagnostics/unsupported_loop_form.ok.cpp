// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Write each loop in a canonical form ('for (I i = begin; i < end; ++i)',
// or counting down, or with a positive step) and compute the index you need
// from 'i'. (A loop that must run in order is marked '#pragma qd loop seq',
// or goes inside '{ ... }', where it runs serially on one thread.)
#pragma qd kernel
void loops(float* a, float* b, int n, float h)
{
    for (int i = 0; i < n; ++i)
        a[i] = 2.0f;
    for (int i = 0; i < n; ++i)
        a[i] = 3.0f;
    for (int i = n - 1; i >= 0; --i)
        a[i] = 0.0f;
    for (int i = 0; i < n; i += 2)
        a[i] = 1.0f;
    for (int i = n - 1; i >= 0; i -= 2)
        a[i] = 1.0f;
    const int steps = static_cast<int>(1.0f / h);
    for (int s = 0; s < steps; ++s) {
        float x = s * h;
        b[static_cast<int>(x * n)] = x;
    }
    int j;
    for (j = 0; j < 8; ++j)
        a[j] = 4.0f;
    const int last = n - 1;
    for (int i = 0; i < last; ++i)
        b[i] = a[i + 1] - a[i];
}

#pragma qd kernel
void fill(float* a, int h, int w)
{
    #pragma qd loop collapse(2)
    for (int y = 0; y < h; ++y)
        for (int x = w - 1; x > 0; --x)
            a[y * w + x] = 0.0f;
}
