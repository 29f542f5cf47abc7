// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Giving 'stream_parallel' a stream number, a stream count or a clause.
// Each block always gets its own pooled stream, so there is nothing to say.
#pragma qd kernel
void clear3(float* a, float* b, float* c, int n)
{
    #pragma qd stream_parallel(1) // expected-error {{'#pragma qd stream_parallel' takes no arguments, and no clause but 'priority(high|low)'; each block gets its own stream}}
    {
        for (int i = 0; i < n; ++i)
            a[i] = 0.0f;
    }
    #pragma qd stream_parallel num_streams(2) // expected-error {{'#pragma qd stream_parallel' takes no arguments, and no clause but}}
    {
        for (int i = 0; i < n; ++i)
            b[i] = 0.0f;
    }
    #pragma qd stream_parallel block_dim(64) // expected-error {{takes no arguments, and no clause but}}
    {
        for (int i = 0; i < n; ++i)
            c[i] = 0.0f;
    }
}
