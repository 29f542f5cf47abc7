// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'tile' takes 'on' or 'off'.
#pragma qd kernel
void product(const float* a, const float* b, float* c, int n)
{
    #pragma qd loop collapse(2) tile(64) // expected-error {{malformed 'tile' clause; write 'tile(on)' to stage a dense product's operands in shared memory whatever the nest's size, or 'tile(off)' to keep one output per thread}}
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int k = 0; k < n; ++k)
                s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
    #pragma qd loop collapse(2) tile(on // expected-error {{malformed 'tile' clause; write 'tile(on)' to stage a dense product's operands in shared memory whatever the nest's size, or 'tile(off)' to keep one output per thread}}
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            c[i * n + j] = 0.0f;
}
