// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Write an integer literal in parentheses; a macro that expands to one
// works too. The block size is fixed when the code is generated.
#define SCALE_THREADS 128

#pragma qd kernel block_dim(128)
void axpy(float* y, const float* x, float a, int n)
{
    for (int i = 0; i < n; ++i)
        y[i] += a * x[i];
}

#pragma qd kernel
void scale(float* x, float s, int n, int threads)
{
    #pragma qd loop block_dim(SCALE_THREADS)
    for (int i = 0; i < n; ++i)
        x[i] *= s;
    #pragma qd loop block_dim(128)
    for (int i = 0; i < n; ++i)
        x[i] += s;
    for (int i = 0; i < n; ++i)
        x[i] -= s;
}
