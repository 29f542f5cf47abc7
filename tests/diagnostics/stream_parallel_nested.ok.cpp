// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Put the blocks side by side: consecutive blocks form one region, and all
// of them run at the same time.
#pragma qd kernel
void prepare(float* a, float* b, float* c, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            a[i] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            b[i] = 1.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            c[i] = 2.0f;
    }
}
