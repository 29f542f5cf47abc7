// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Remove the block, or give it its work.
#pragma qd kernel
void update(float* a, float* b, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            a[i] += 1.0f;
    }
    #pragma qd stream_parallel
    {
        const int half = n / 2;
        for (int i = 0; i < half; ++i)
            b[i] += 1.0f;
    }
}
