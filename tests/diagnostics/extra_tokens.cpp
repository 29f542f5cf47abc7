// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Punctuation or values where a clause should be: a semicolon after the
// directive, a comma between clauses, a stray number.
#pragma qd kernel; // expected-error {{unexpected ';' in '#pragma qd kernel'; it takes 'block_dim(N)' and 'graph'}}
void zero(float* x, int n)
{
    #pragma qd loop block_dim(64) 2 // expected-error {{unexpected '2' in '#pragma qd loop'; it takes 'block_dim(N)', 'collapse(N)', 'coarsen(N)', 'tile(on|off)', 'reduction(op: var, ...)', 'independent', 'seq', 'check_every(N)', 'vector' and 'vector_length(N)'}}
    for (int i = 0; i < n; ++i)
        x[i] = 0.0f;
}

#pragma qd kernel, block_dim(256) // expected-error {{unexpected ',' in '#pragma qd kernel'}}
void ones(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = 1.0f;
}

#pragma qd kernel graph(1) // expected-error {{unexpected '(' in '#pragma qd kernel'; it takes 'block_dim(N)' and 'graph'}}
void twos(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = 2.0f;
}
