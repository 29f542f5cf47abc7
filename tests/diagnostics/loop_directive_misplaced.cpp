// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// '#pragma qd loop' before something that is not a top-level parallel
// 'for' loop: a statement, a whole block, or a loop in a function that is
// not a kernel.
#pragma qd kernel
void reset(float* a, float* b, int n)
{
    #pragma qd loop block_dim(64) // expected-error {{'#pragma qd loop' must be followed by a parallel 'for' loop at the top level of a kernel or stream_parallel block}}
    a[0] = 0.0f;

    #pragma qd loop block_dim(64) // expected-error {{'#pragma qd loop' must be followed by a parallel 'for' loop}}
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            b[i] = 0.0f;
    }
}

void host_reset(float* a, int n)
{
    #pragma qd loop block_dim(64) // expected-error {{'#pragma qd loop' must be followed by a parallel 'for' loop}}
    for (int i = 0; i < n; ++i)
        a[i] = 0.0f;
}
