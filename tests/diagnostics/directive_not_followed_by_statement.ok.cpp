// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Put each directive right before the statement it applies to, or remove it.
#pragma qd kernel
void init(float* a, float* b, int n)
{
    #pragma qd stream_parallel
    {
        #pragma qd loop block_dim(64)
        for (int i = 0; i < n; ++i)
            a[i] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            b[i] = 1.0f;
    }
}
