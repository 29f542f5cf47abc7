// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A 'for' loop nested in an 'if', a '{ ... }' or another statement that is
// not itself a loop. The statement runs as one GPU thread, so the loop runs
// serially; that may be intended (a sum, a scan), but is often a slip.
#pragma qd kernel
void maybe_scale(float* x, int n, const int* enabled)
{
    if (enabled[0]) {
        for (int i = 0; i < n; ++i) // expected-warning {{this loop is inside a statement that runs as a single-thread serial task, so it runs serially; make it a top-level statement of the kernel or block to run it in parallel [-Wqd-serial-loop]}}
            x[i] *= 2.0f;
    }
}

#pragma qd kernel
void prefix_sum(float* x, int n)
{
    {
        for (int i = 1; i < n; ++i) // expected-warning {{so it runs serially}}
            x[i] += x[i - 1];
    }
}
