// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A statement between the loops would run once per row in the serial
// program; a collapsed nest has no place for it.
#pragma qd kernel
void scale_rows(float* a, const float* row_scale, int h, int w)
{
    #pragma qd loop collapse(2)
    for (int y = 0; y < h; ++y) {
        float s = row_scale[y]; // expected-error {{'collapse(2)' needs perfectly nested loops, but this statement stands between loop 1 and loop 2 of the nest; move it into the innermost loop's body, or collapse fewer loops}}
        for (int x = 0; x < w; ++x)
            a[y * w + x] *= s;
    }
}
