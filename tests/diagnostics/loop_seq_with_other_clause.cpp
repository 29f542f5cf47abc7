// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A seq loop is run by the host one iteration after another: clauses that
// shape a parallel launch do not apply to it.
#pragma qd kernel
void relax(float* a, int n, int steps)
{
    #pragma qd loop seq collapse(2) // expected-error {{'seq' cannot be combined with 'collapse': a seq loop runs on the host, one iteration after another}}
    for (int t = 0; t < steps; ++t)
        for (int i = 0; i < n; ++i)
            a[i] *= 0.5f;
    #pragma qd loop block_dim(64) seq // expected-error {{'seq' cannot be combined with 'block_dim'}}
    for (int t = 0; t < steps; ++t)
        for (int i = 0; i < n; ++i)
            a[i] += 1.0f;
}

// 'independent' promises what 'seq' denies: any order.
#pragma qd kernel
void sweep(float* a, int n, int steps)
{
    #pragma qd loop seq independent // expected-error {{'seq' cannot be combined with 'independent'}}
    for (int t = 0; t < steps; ++t)
        for (int i = 0; i < n; ++i)
            a[i] *= 0.5f;
}
