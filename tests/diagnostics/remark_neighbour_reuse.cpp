// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A stencil's taps: shifted reads of one array that neighbouring rows share.
// Coarsened, a thread's rows load them once; not coarsened, the remark says
// that each iteration loads them again.
#pragma qd kernel
void smooth(const float* in, float* out, float* k, int h, int w)
{
    // expected-remark@+2 {{collapse(2) loop over 'y', 'x': blocks of 256 threads on the GPU; each thread runs 4 neighbouring 'y' for one 'x'}}
    #pragma qd loop collapse(2) coarsen(4)
    for (int y = 1; y < h - 1; ++y)
        for (int x = 0; x < w; ++x)
            out[y * w + x] = in[(y - 1) * w + x] + in[(y + 1) * w + x]; // expected-remark {{'in' is read at shifted places that move alike with 'y' and 'x' (as 'in[(y - 1) * w + x]' does), so iterations at neighbouring 'y' read the same elements; the rows of a thread load the ones they share once}}
    #pragma qd loop collapse(2) coarsen(1)
    for (int y = 1; y < h - 1; ++y) // expected-remark {{collapse(2) loop over 'y', 'x'}}
        for (int x = 1; x < w - 1; ++x) {
            float s = 0.f;
            for (int d = -1; d <= 1; ++d)
                s += in[(y + d) * w + x] * k[d + 1]; // expected-remark {{'in' is read at shifted places in a loop that move alike with 'y' and 'x' (as 'in[(y + d) * w + x]' does), so iterations at neighbouring 'y' read the same elements; each iteration loads them again, because the loop is not coarsened}}
            out[y * w + x] = s;
        }
    // Reads whose places are not a few rows apart share nothing with the
    // neighbouring rows: another plane, the far edge of a halo, a row's
    // own elements in a loop, a loop that moves along the row.
    #pragma qd loop collapse(2) coarsen(2)
    for (int y = 0; y < h; ++y) // expected-remark {{collapse(2) loop over 'y', 'x'}}
        for (int x = 0; x < w; ++x) {
            float s = in[y * w + x] + in[h * w + y * w + x] + in[y * w + x + (h - 1) * w * 2];
            for (int c = 0; c < w; ++c)
                s += in[y * w + c];
            for (int d = 0; d < 3; ++d)
                s += in[y * w + x + d];
            out[y * w + x] = s;
        }
}
