// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// `#pragma qd stream_parallel` followed by a single statement that is not a compound
// statement: here each block is one for loop (and one block is braced, in the same region).

#pragma qd kernel
void split_complex(const float* interleaved, float* re, float* im, float* mag2, int n)
{
    #pragma qd stream_parallel
    for (int i = 0; i < n; ++i)
        re[i] = interleaved[2 * i];
    #pragma qd stream_parallel
    for (int i = 0; i < n; ++i) im[i] = interleaved[2 * i + 1];
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            mag2[i] = interleaved[2 * i] * interleaved[2 * i] +
                      interleaved[2 * i + 1] * interleaved[2 * i + 1];
    }
}
