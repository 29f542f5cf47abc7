// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma qd kernel
void scale_rows(float* a, const float* row_scale, int h, int w)
{
    #pragma qd loop collapse(2)
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            float s = row_scale[y];
            a[y * w + x] *= s;
        }
    }
}
