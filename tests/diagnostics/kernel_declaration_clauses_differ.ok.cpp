// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The same clauses on both, or the directive on the declaration alone.
#pragma qd kernel block_dim(128)
void relax(float* u, int n);

#pragma qd kernel graph
void damp(float* u, int n);

#pragma qd kernel block_dim(128)
void relax(float* u, int n)
{
    for (int i = 0; i < n; ++i)
        u[i] *= 0.5f;
}

void damp(float* u, int n)
{
    for (int i = 0; i < n; ++i)
        u[i] *= 0.25f;
}
