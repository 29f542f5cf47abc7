// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The depth must be an integer literal, as in OpenMP.
#pragma qd kernel
void fill(float* a, int h, int w)
{
    #pragma qd loop collapse(depth) // expected-error {{malformed 'collapse' clause; write 'collapse(N)' with an integer literal N, the number of perfectly nested loops to combine}}
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            a[y * w + x] = 0.0f;
}
