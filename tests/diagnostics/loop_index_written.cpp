// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// In the serial program these writes would skip iterations; in parallel each
// index value runs once, so they are errors.
#pragma qd kernel
void every_other(float* a, int n)
{
    for (int i = 0; i < n; ++i) {
        a[i] = 0.0f;
        ++i; // expected-error {{'i' is the index of a parallel loop and cannot be changed in its body; the iterations run in parallel, each index value exactly once}}
    }
}

#pragma qd kernel
void fill(float* a, int h, int w)
{
    #pragma qd loop collapse(2)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            a[y * w + x] = float(x += 1); // expected-error {{'x' is the index of a parallel loop and cannot be changed in its body; the iterations run in parallel, each index value exactly once}}
}
