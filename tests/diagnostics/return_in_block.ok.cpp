// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma qd kernel
void update(float* a, float* b, int n, bool skip_b)
{
    if (skip_b) {
        for (int i = 0; i < n; ++i)
            a[i] += 1.0f;
        return;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            a[i] += 1.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            b[i] += 1.0f;
    }
}
