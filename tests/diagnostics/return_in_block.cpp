// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The blocks of a region run at the same time: a 'return' in one cannot
// skip the others, as the serial program would.
#pragma qd kernel
void update(float* a, float* b, int n, bool skip_b)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            a[i] += 1.0f;
        if (skip_b)
            return; // expected-error {{'return' cannot leave a stream_parallel block: the other blocks of its region run at the same time, and the serial program would skip them; make the decision a host 'if' around the region}}
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            b[i] += 1.0f;
    }
}
