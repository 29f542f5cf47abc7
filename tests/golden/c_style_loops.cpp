// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// C-style parallel loops (SPEC section 1): a loop variable declared earlier
// and assigned by the loop, steps other than 1 (constant and from a host
// value), counting down with '>' and '>=', an unsigned variable counting down
// to 0, 'i = i + c', and a collapsed nest of assigned variables.

#pragma qd kernel
void c_style_loops(float* a, double* b, int* c, int n, int stride, int rows, int cols)
{
    int i, j;
    unsigned u;
    for (i = 0; i < n; i++)                     // assigned variable
        a[i] = static_cast<float>(i) * 0.5f;
    for (i = n - 1; i >= 0; --i)                // counting down, inclusive
        b[i] = a[i] + 1.0;
    for (i = 1; i < n; i += 3)                  // constant step
        c[i] = i;
    for (int k = n - 2; k > 0; k -= stride)     // host-value step, counting down
        c[k] += 7;
    for (u = static_cast<unsigned>(n); u > 0; u--) // unsigned down to 0
        b[u - 1] *= 2.0;
    for (i = 0; i < n; i = i + 5)               // i = i + c
        a[i] -= 3.0f;
#pragma qd loop collapse(2)
    for (i = 0; i < rows; i += 2)               // collapse of assigned, strided loops
        for (j = cols - 1; j >= 0; j--)
            b[i * cols + j] += static_cast<double>(j);
}
