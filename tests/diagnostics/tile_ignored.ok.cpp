// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma qd kernel
void products(const float* a, const float* b, float* c, int n, float* d, int* hits)
{
    #pragma qd loop collapse(2)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            c[i * n + j] = a[i * n + j] * 2.0f;
    #pragma qd loop collapse(2) tile(on)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int k = 0; k < n; ++k)
                s += (k <= i ? a[i * n + k] : 0.0f) * b[k * n + j];
            c[i * n + j] = s;
        }
    #pragma qd loop collapse(2)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int k = 0; k < i; ++k)
                s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
    #pragma qd loop collapse(2) tile(on)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int k = 0; k < n; ++k)
                s += a[i * n + k] * 2.0f;
            d[i * n + j] = s;
        }
    #pragma qd loop collapse(2) tile(on)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int k = 0; k < n; ++k)
                s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s > 1.0f ? 1.0f : s;
        }
    int total = 0;
    #pragma qd loop collapse(2) reduction(+: total)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            for (int k = 0; k < n; ++k)
                total += hits[i * n + k] * hits[k * n + j];
    hits[0] = total;
}
