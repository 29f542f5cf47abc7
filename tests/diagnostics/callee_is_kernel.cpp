// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One kernel called from device code of another: inside a parallel loop's
// body, or inside a serial task. A kernel's work is enqueued by the host, so
// only a whole top-level statement can call it.
#pragma qd kernel
void clear(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = 0.0f;
}

#pragma qd kernel
void reset(float* a, float* b, int n)
{
    if (a[0] > 0.0f)
        clear(a, n); // expected-error {{kernel 'clear' cannot be called from device code (a loop body or a serial task); call it as a whole top-level statement of a kernel or block, where it enqueues its work on the current stream}}
    for (int i = 0; i < n; ++i)
        b[i] = 1.0f;
}
