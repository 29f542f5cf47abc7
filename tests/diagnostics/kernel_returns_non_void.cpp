// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A kernel that returns a result, such as a sum. The kernel call only
// enqueues work and returns before it runs, so there is nothing to return.
// Its directives are not reported as misplaced: the kernel is rejected.
#pragma qd kernel
float sum(const float* x, int n) // expected-error {{kernel 'sum' must return 'void'; return results through a pointer parameter}}
{
    float total = 0.0f;
    #pragma qd loop reduction(+: total)
    for (int i = 0; i < n; ++i)
        total += x[i];
    return total;
}
