// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A top-level 'for' loop of a kernel is already parallel; '#pragma qd loop'
// is only needed to set its block size.
#pragma qd kernel
void scale(float* x, float s, int n)
{
    #pragma qd loop block_dim(128)
    for (int i = 0; i < n; ++i)
        x[i] *= s;
}
