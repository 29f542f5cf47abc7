// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A clause from OpenMP or OpenACC that qd does not have; the message lists the
// clauses the directive takes.
#pragma qd kernel
void relu(float* x, int n)
{
    #pragma qd loop num_threads(128) // expected-error {{unknown clause 'num_threads' on '#pragma qd loop'; it takes 'block_dim(N)', 'collapse(N)', 'coarsen(N)', 'tile(on|off)', 'reduction(op: var, ...)', 'independent', 'seq', 'check_every(N)', 'vector' and 'vector_length(N)'}}
    for (int i = 0; i < n; ++i)
        x[i] = x[i] > 0.0f ? x[i] : 0.0f;
}

#pragma qd kernel num_teams(64) // expected-error {{unknown clause 'num_teams' on '#pragma qd kernel'; it takes 'block_dim(N)' and 'graph'}}
void negate(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = -x[i];
}
