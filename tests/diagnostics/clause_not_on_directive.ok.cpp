// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma qd kernel
void fill(float* a, int h, int w)
{
    #pragma qd loop collapse(2)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            a[y * w + x] = 0.0f;
}

#pragma qd kernel graph
void scale(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] *= 2.0f;
}
