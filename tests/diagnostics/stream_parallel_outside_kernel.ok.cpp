// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Mark the function as a kernel.
#pragma qd kernel
void init_pair(float* a, float* b, int n)
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
}
