// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Block sizes: a kernel-wide block_dim(128), a loop that overrides it with
// `#pragma qd loop block_dim(64)`, and an override inside a stream_parallel block.

#pragma qd kernel block_dim(128)
void scale_and_shift(float* x, float* y, int n, float scale, float shift)
{
    for (int i = 0; i < n; ++i)                 // uses the kernel's block_dim(128)
        x[i] *= scale;

    #pragma qd loop block_dim(64)
    for (int i = 0; i < n; ++i)                 // 64 threads per block
        x[i] += shift;

    #pragma qd stream_parallel
    {
        #pragma qd loop block_dim(256)
        for (int i = 0; i < n; ++i)             // 256 threads per block, on the block's stream
            y[i] = 2.0f * y[i];
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)             // block_dim(128) again
            x[i] = x[i] * x[i];
    }
}

// A kernel without a clause: the translator's default block size.
#pragma qd kernel
void negate(float* x, int n)
{
    #pragma qd loop block_dim(1024)
    for (int i = 0; i < n; ++i)
        x[i] = -x[i];
}
