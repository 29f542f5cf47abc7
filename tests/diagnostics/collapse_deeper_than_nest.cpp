// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Three loops asked for, two written.
#pragma qd kernel
void fill(float* a, int h, int w)
{
    #pragma qd loop collapse(3) // expected-error {{'collapse(3)' needs 3 perfectly nested 'for' loops, but this nest has 2; lower the count or nest the loops}}
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            a[y * w + x] = 0.0f;
        }
    }
}
