// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Use 1 to 1024 threads per block; a multiple of 32 (a warp) is usual.
#pragma qd kernel block_dim(1024)
void zero(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = 0.0f;
}

#pragma qd kernel
void ones(float* x, int n)
{
    #pragma qd loop block_dim(32)
    for (int i = 0; i < n; ++i)
        x[i] = 1.0f;
}
