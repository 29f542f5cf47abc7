// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Write 'stream_parallel' alone. A block size goes on the loop, with
// '#pragma qd loop block_dim(N)'.
#pragma qd kernel
void clear3(float* a, float* b, float* c, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            a[i] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            b[i] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        #pragma qd loop block_dim(64)
        for (int i = 0; i < n; ++i)
            c[i] = 0.0f;
    }
}
