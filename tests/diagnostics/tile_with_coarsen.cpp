// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A tiled product runs 16 outputs per thread already.
#pragma qd kernel
void product(const float* a, const float* b, float* c, int n)
{
    #pragma qd loop collapse(2) tile(on) coarsen(2) // expected-error {{'tile(on)' and 'coarsen(2)' ask for two ways to share loads: a tiled product already runs 16 outputs per thread; remove one of them}}
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int k = 0; k < n; ++k)
                s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
}
