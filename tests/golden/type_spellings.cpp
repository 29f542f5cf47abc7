// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Built-in types whose names are several words (signed char, unsigned short,
// long long, unsigned long long, long int) in the generated shapes that spell
// a type: a tiled product's operand tiles, a coarsened nest's row copies, a
// reduction's private copies, partials and scratch slot, a serial task's
// binding of the result.

#pragma qd kernel
void spelled_product(int n, int m, int p, const signed char* a, const unsigned short* b,
                     long long* c)
{
    #pragma qd loop collapse(2) tile(on)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j) {
            long long s = 0;
            for (int k = 0; k < p; ++k)
                s += a[i * p + k] * b[k * m + j];
            c[i * m + j] = s;
        }
}

#pragma qd kernel
void spelled_sums(int h, int w, const unsigned short* in, long long* out,
                  unsigned long long* total)
{
    unsigned long long t = 0;
    #pragma qd loop collapse(2) coarsen(2) reduction(+: t)
    for (int y = 1; y < h - 1; ++y)
        for (int x = 0; x < w; ++x) {
            const long int v = in[(y - 1) * w + x] + in[(y + 1) * w + x];
            out[y * w + x] = v;
            t += static_cast<unsigned long long>(v);
        }
    *total += t;
}
