// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A directive ends at the end of its line; clauses are separated by spaces.
#pragma qd kernel
void zero(float* x, int n)
{
    #pragma qd loop block_dim(64)
    for (int i = 0; i < n; ++i)
        x[i] = 0.0f;
}

#pragma qd kernel block_dim(256)
void ones(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = 1.0f;
}

// 'graph' takes no argument.
#pragma qd kernel graph
void twos(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = 2.0f;
}
