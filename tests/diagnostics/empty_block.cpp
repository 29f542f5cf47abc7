// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A 'stream_parallel' block with no device work: empty (the work was moved
// or commented out), or holding only host scalars. It still costs a
// stream, a fork and a join.
#pragma qd kernel
void update(float* a, float* b, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            a[i] += 1.0f;
    }
    #pragma qd stream_parallel // expected-warning {{empty stream_parallel block: it has no device work, so its stream only forks and joins; add the work or remove the block [-Wqd-empty-block]}}
    {
        // for (int i = 0; i < n; ++i)
        //     b[i] += 1.0f;
    }
    #pragma qd stream_parallel // expected-warning {{empty stream_parallel block}}
    {
        const int half = n / 2;
    }
}
