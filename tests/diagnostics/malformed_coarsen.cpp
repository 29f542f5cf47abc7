// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'coarsen' takes the rows per thread as an integer literal.
#pragma qd kernel
void fill(float* a, int h, int w)
{
    #pragma qd loop collapse(2) coarsen(rows) // expected-error {{malformed 'coarsen' clause; write 'coarsen(N)' with an integer literal N, the iterations of the second-innermost collapsed loop that one thread runs}}
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            a[y * w + x] = 0.0f;
}
