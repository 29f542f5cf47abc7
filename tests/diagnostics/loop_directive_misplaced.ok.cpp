// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Put '#pragma qd loop' right before a top-level 'for' loop of a kernel or
// block; leave it out elsewhere.
#pragma qd kernel
void reset(float* a, float* b, int n)
{
    a[0] = 0.0f;

    #pragma qd stream_parallel
    {
        #pragma qd loop block_dim(64)
        for (int i = 0; i < n; ++i)
            b[i] = 0.0f;
    }
}

void host_reset(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = 0.0f;
}
