// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A misspelled 'block_dim' clause; the error suggests the right spelling.
#pragma qd kernel block_dims(128) // expected-error {{unknown clause 'block_dims' on '#pragma qd kernel'; did you mean 'block_dim'?}}
void relu(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = x[i] > 0.0f ? x[i] : 0.0f;
}

#pragma qd kernel
void negate(float* x, int n)
{
    #pragma qd loop blockdim(64) // expected-error {{unknown clause 'blockdim' on '#pragma qd loop'; did you mean 'block_dim'?}}
    for (int i = 0; i < n; ++i)
        x[i] = -x[i];
}
