// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Write the private local first in every iteration (both branches of an
// 'if', or before the loop that reads it), or give it an initializer.
#pragma qd kernel
void prefix(const double* a, double* out, int n)
{
    double last, acc, pair[2];
    for (int i = 0; i < n; ++i) {
        last = i > 0 ? a[i - 1] : 0.0;
        out[i] = last;
    }
    for (int i = 0; i < n; ++i) {
        acc = 0;
        acc += a[i];
        out[i] = acc;
    }
    for (int i = 0; i < n; ++i) {
        if (a[i] > 0)
            pair[0] = a[i];
        else
            pair[0] = 0;
        out[i] = pair[0];
    }
    for (int i = 0; i < n; ++i) {
        acc = 0;
        for (int k = 0; k < 2; ++k) {
            pair[k] = a[i];
            acc += pair[k];
        }
        out[i] = acc;
    }
    if (a[0] > 0) {
        pair[1] = 1;
        out[0] = pair[1];
    }
}

// A private array may share its declaration with host scalars, with or
// without values.
#pragma qd kernel
void squares(const long long* in, long long* out, int n)
{
    long long sq[3], base = 7, shift;
    shift = base + 1;
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < 3; ++j)
            sq[j] = in[i] * j + base;
        out[i] = sq[0] + sq[1] + sq[2] + shift;
    }
}
