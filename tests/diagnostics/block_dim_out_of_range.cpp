// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A block size that no CUDA or HIP GPU accepts: 0, or more than 1024
// threads per block.
#pragma qd kernel block_dim(2048) // expected-error {{block_dim(2048) is out of range; CUDA and HIP allow 1 to 1024 threads per block}}
void zero(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = 0.0f;
}

#pragma qd kernel
void ones(float* x, int n)
{
    #pragma qd loop block_dim(0) // expected-error {{block_dim(0) is out of range}}
    for (int i = 0; i < n; ++i)
        x[i] = 1.0f;
}
