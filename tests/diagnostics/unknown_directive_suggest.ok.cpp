// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Spell the directives as suggested.
#pragma qd kernel
void two_scales(float* a, float* b, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            a[i] *= 2.0f;
    }
    #pragma qd stream_parallel
    {
        #pragma qd loop block_dim(64)
        for (int i = 0; i < n; ++i)
            b[i] *= 3.0f;
    }
}
