// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Spell the clause 'block_dim'.
#pragma qd kernel block_dim(128)
void relu(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = x[i] > 0.0f ? x[i] : 0.0f;
}

#pragma qd kernel
void negate(float* x, int n)
{
    #pragma qd loop block_dim(64)
    for (int i = 0; i < n; ++i)
        x[i] = -x[i];
}
