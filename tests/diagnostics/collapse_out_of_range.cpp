// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// collapse(1) is the loop itself; OpenMP accepts it, qd asks to drop it.
#pragma qd kernel
void fill(float* a, int h, int w)
{
    #pragma qd loop collapse(1) // expected-error {{collapse(1) is out of range; combine 2 to 8 perfectly nested loops (without 'collapse', the loop alone is the parallel loop)}}
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            a[y * w + x] = 0.0f;
}
