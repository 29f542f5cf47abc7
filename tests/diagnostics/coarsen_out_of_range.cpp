// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Each row a thread runs keeps its own copies of the body's locals.
#pragma qd kernel
void fill(float* a, int h, int w)
{
    #pragma qd loop collapse(2) coarsen(64) // expected-error {{coarsen(64) is out of range; a thread runs 1 to 16 iterations (1 turns coarsening off)}}
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            a[y * w + x] = 0.0f;
}
