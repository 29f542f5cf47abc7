// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A misspelled directive name; the error suggests the closest one.
#pragma qd kernal // expected-error {{unknown directive '#pragma qd kernal'; did you mean 'kernel'?}}
void two_scales(float* a, float* b, int n)
{
    #pragma qd stream_paralel // expected-error {{unknown directive '#pragma qd stream_paralel'; did you mean 'stream_parallel'?}}
    {
        for (int i = 0; i < n; ++i)
            a[i] *= 2.0f;
    }
    #pragma qd stream_parallel
    {
        #pragma qd lop block_dim(64) // expected-error {{did you mean 'loop'?}}
        for (int i = 0; i < n; ++i)
            b[i] *= 3.0f;
    }
}
