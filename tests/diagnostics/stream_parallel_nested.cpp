// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A 'stream_parallel' block inside another one, to split the block's work
// further. Blocks are not nested; a region is a flat list of blocks.
#pragma qd kernel
void prepare(float* a, float* b, float* c, int n)
{
    #pragma qd stream_parallel // expected-note {{enclosing stream_parallel block is here}}
    {
        for (int i = 0; i < n; ++i)
            a[i] = 0.0f;
        #pragma qd stream_parallel // expected-error {{'#pragma qd stream_parallel' cannot be nested in another stream_parallel block; put the blocks side by side in one region instead}}
        {
            for (int i = 0; i < n; ++i) // expected-warning {{runs serially}}
                b[i] = 1.0f;
        }
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            c[i] = 2.0f;
    }
}
