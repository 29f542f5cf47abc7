// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'priority(high)' on the block that others wait for, 'priority(low)' on
// background work, nothing on the rest.
#pragma qd kernel
void sweep(const float* a, float* b, float* c, float* d, int n)
{
    #pragma qd stream_parallel priority(high)
    {
        for (int i = 0; i < n; ++i)
            b[i] = a[i];
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            c[i] = a[i];
    }
    #pragma qd stream_parallel priority(low)
    for (int i = 0; i < n; ++i)
        d[i] = a[i];
}
