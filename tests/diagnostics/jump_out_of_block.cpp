// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A 'break' in a block would leave the region before its join.
#pragma qd kernel
void sweep(float* a, float* b, int n, int steps, int stop)
{
    #pragma qd loop seq
    for (int t = 0; t < steps; ++t) {
        #pragma qd stream_parallel
        {
            if (t == stop)
                break; // expected-error {{'break' cannot leave a stream_parallel block: the region's join would be skipped; move the loop or switch it leaves into the block}}
            for (int i = 0; i < n; ++i)
                a[i] += 1.0f;
        }
        #pragma qd stream_parallel
        for (int i = 0; i < n; ++i)
            b[i] += 1.0f;
    }
}
