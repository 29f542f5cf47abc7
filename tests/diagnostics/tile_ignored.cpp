// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'tile(on)' on nests whose operands a tile cannot share: each thread keeps
// one output.
#pragma qd kernel
void products(const float* a, const float* b, float* c, int n, float* d, int* hits,
              const volatile float* va, const volatile float* vb)
{
    #pragma qd loop collapse(2) tile(on) // expected-warning {{'tile(on)' is ignored: the body has no sequential 'for' loop that reads an operand shared by a row or column of outputs; each thread runs one output}}
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            c[i * n + j] = a[i * n + j] * 2.0f;
    #pragma qd loop collapse(2) tile(on) // expected-warning {{'tile(on)' is ignored: it is read under a condition, so a tile could load elements that the loop never reads; each thread runs one output}}
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int k = 0; k < n; ++k)
                if (k <= i)
                    s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
    #pragma qd loop collapse(2) tile(on) // expected-warning {{'tile(on)' is ignored: the bounds of the 'k' loop are not host values, the same for every output; each thread runs one output}}
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int k = 0; k < i; ++k)
                s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
    #pragma qd loop collapse(2) tile(on) // expected-warning {{'tile(on)' is ignored: the nest writes through 'd' or passes it on; each thread runs one output}}
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int k = 0; k < n; ++k)
                s += d[i * n + k] * 2.0f;
            d[i * n + j] = s;
        }
    #pragma qd loop collapse(2) tile(on) // expected-warning {{'tile(on)' is ignored: a jump leaves the 'k' loop early; each thread runs one output}}
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int k = 0; k < n; ++k) {
                if (s > 1.0f)
                    break;
                s += a[i * n + k] * b[k * n + j];
            }
            c[i * n + j] = s;
        }
    #pragma qd loop collapse(2) tile(on) // expected-warning {{'tile(on)' is ignored: its elements are volatile, so each read the loop makes must happen, and a tile would read each element once for many threads; each thread runs one output}}
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int k = 0; k < n; ++k)
                s += va[i * n + k] * vb[k * n + j];
            c[i * n + j] = s;
        }
    int total = 0;
    #pragma qd loop collapse(2) tile(on) reduction(+: total) // expected-warning {{'tile(on)' is ignored: the loop has a 'reduction' clause; each thread runs one output}}
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            for (int k = 0; k < n; ++k)
                total += hits[i * n + k] * hits[k * n + j];
    hits[0] = total;
}
