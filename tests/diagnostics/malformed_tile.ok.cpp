// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma qd kernel
void product(const float* a, const float* b, float* c, int n)
{
    #pragma qd loop collapse(2) tile(on)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int k = 0; k < n; ++k)
                s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
    #pragma qd loop collapse(2) tile(off)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            c[i * n + j] = 0.0f;
}
