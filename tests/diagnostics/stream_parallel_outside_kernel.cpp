// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'stream_parallel' in an ordinary function: only a kernel's statements run
// on streams, so the function must be marked '#pragma qd kernel'.
void init_pair(float* a, float* b, int n)
{
    #pragma qd stream_parallel // expected-error {{'#pragma qd stream_parallel' is only allowed in a kernel; mark 'init_pair' with '#pragma qd kernel'}}
    {
        for (int i = 0; i < n; ++i)
            a[i] = 0.0f;
    }
    #pragma qd stream_parallel // expected-error {{mark 'init_pair' with '#pragma qd kernel'}}
    {
        for (int i = 0; i < n; ++i)
            b[i] = 1.0f;
    }
}
