// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A kernel's declaration and its definition both carry '#pragma qd kernel',
// with other clauses: which one holds?
#pragma qd kernel graph // expected-error {{'#pragma qd kernel' on this declaration of 'relax' asks for 'graph', but the directive on its definition asks for 'block_dim(128)'; give both the same clauses, or keep one of the directives}}
void relax(float* u, int n);

#pragma qd kernel block_dim(128) // expected-note {{the definition's directive is here}}
void relax(float* u, int n)
{
    for (int i = 0; i < n; ++i)
        u[i] *= 0.5f;
}
