// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Two directives of the same kind on one statement or function, for
// example a second 'loop' line added instead of editing the first.
#pragma qd kernel
#pragma qd kernel block_dim(128) // expected-error {{duplicate '#pragma qd kernel' on one statement; remove one of them}}
void damp(float* v, float k, int n)
{
    #pragma qd loop block_dim(64)
    #pragma qd loop block_dim(256) // expected-error {{duplicate '#pragma qd loop' on one statement}}
    for (int i = 0; i < n; ++i)
        v[i] *= k;
}
