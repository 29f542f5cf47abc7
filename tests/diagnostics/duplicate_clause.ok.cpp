// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Keep one 'block_dim' clause.
#pragma qd kernel block_dim(128)
void smooth(const float* in, float* out, int n)
{
    for (int i = 1; i < n - 1; ++i)
        out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0f;
}

#pragma qd kernel
void fill(float* a, int h, int w)
{
    #pragma qd loop collapse(2) block_dim(128)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            a[y * w + x] = 0.0f;
}

#pragma qd kernel graph block_dim(64)
void twice(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] *= 2.0f;
}
