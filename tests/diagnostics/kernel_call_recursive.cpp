// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A kernel that calls itself to halve the range again: each call would
// enqueue another, without end.
#pragma qd kernel
void halve(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] *= 0.5f;
    if (n > 1)
        halve(a, n / 2); // expected-error {{kernel 'halve' calls itself, through 'halve'; a kernel's work is enqueued when it is called, so recursion would never end; use '#pragma qd loop seq' for repeated work}}
}
