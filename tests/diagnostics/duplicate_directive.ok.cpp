// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Keep one directive of each kind.
#pragma qd kernel block_dim(128)
void damp(float* v, float k, int n)
{
    #pragma qd loop block_dim(256)
    for (int i = 0; i < n; ++i)
        v[i] *= k;
}
