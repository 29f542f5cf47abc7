// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'block_dim' without parentheses, or with something other than an integer
// literal: a variable, an expression, a negative or floating-point number.
#pragma qd kernel block_dim 128 // expected-error {{malformed 'block_dim' clause; write 'block_dim(N)' with an integer literal N from 1 to 1024}}
void axpy(float* y, const float* x, float a, int n)
{
    for (int i = 0; i < n; ++i)
        y[i] += a * x[i];
}

#pragma qd kernel
void scale(float* x, float s, int n, int threads)
{
    #pragma qd loop block_dim(threads) // expected-error {{malformed 'block_dim' clause}}
    for (int i = 0; i < n; ++i)
        x[i] *= s;
    #pragma qd loop block_dim(2 * 64) // expected-error {{malformed 'block_dim' clause}}
    for (int i = 0; i < n; ++i)
        x[i] += s;
    #pragma qd loop block_dim(-1) // expected-error {{malformed 'block_dim' clause}}
    for (int i = 0; i < n; ++i)
        x[i] -= s;
}
