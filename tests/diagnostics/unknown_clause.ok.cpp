// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Threads per GPU block are set with 'block_dim(N)'.
#pragma qd kernel
void relu(float* x, int n)
{
    #pragma qd loop block_dim(128)
    for (int i = 0; i < n; ++i)
        x[i] = x[i] > 0.0f ? x[i] : 0.0f;
}

#pragma qd kernel block_dim(64)
void negate(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = -x[i];
}
