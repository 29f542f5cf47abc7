// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Name the directive: '#pragma qd kernel', with the block size as a clause.
#pragma qd kernel
void saxpy(float* y, const float* x, float a, int n)
{
    for (int i = 0; i < n; ++i)
        y[i] = a * x[i] + y[i];
}

#pragma qd kernel block_dim(256)
void fill(float* y, float v, int n)
{
    for (int i = 0; i < n; ++i)
        y[i] = v;
}
