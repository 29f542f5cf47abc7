// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'collapse' describes a loop nest, so it goes on '#pragma qd loop', not on
// the kernel.
#pragma qd kernel collapse(2) // expected-error {{clause 'collapse' is not allowed on '#pragma qd kernel'; it takes 'block_dim(N)' and 'graph'}}
void fill(float* a, int h, int w)
{
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            a[y * w + x] = 0.0f;
}

// Graph mode is a property of the whole call, so it goes on the kernel.
#pragma qd kernel
void scale(float* a, int n)
{
    #pragma qd loop graph // expected-error {{clause 'graph' is not allowed on '#pragma qd loop'; it takes 'block_dim(N)', 'collapse(N)', 'coarsen(N)', 'tile(on|off)', 'reduction(op: var, ...)', 'independent', 'seq', 'check_every(N)', 'vector' and 'vector_length(N)'}}
    for (int i = 0; i < n; ++i)
        a[i] *= 2.0f;
}
