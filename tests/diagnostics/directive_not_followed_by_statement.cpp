// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A directive at the end of a kernel or block, with no statement after it
// to apply to (often left over after moving code around).
#pragma qd kernel
void init(float* a, float* b, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            a[i] = 0.0f;
        #pragma qd loop block_dim(64) // expected-error {{'#pragma qd loop' must be followed by a statement}}
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            b[i] = 1.0f;
    }
    #pragma qd stream_parallel // expected-error {{'#pragma qd stream_parallel' must be followed by a statement}}
}
