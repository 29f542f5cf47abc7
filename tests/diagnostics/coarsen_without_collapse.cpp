// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A thread's rows are neighbours in the second-innermost loop of a nest; a
// lone loop has none, and neighbouring iterations per thread would break
// coalescing.
#pragma qd kernel
void fill(float* a, int n)
{
    #pragma qd loop coarsen(4) // expected-error {{'coarsen(4)' needs a 'collapse(N)' nest: a thread runs 4 neighbouring iterations of its second-innermost loop, so that neighbouring threads still take neighbouring iterations of the innermost; add 'collapse(2)' or remove the clause}}
    for (int i = 0; i < n; ++i)
        a[i] = 0.0f;
}
