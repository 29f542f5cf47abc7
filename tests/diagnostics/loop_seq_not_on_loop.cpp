// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'seq' on a statement that is not a loop: the host has nothing to repeat.
#pragma qd kernel
void scale(float* a, int n, float s)
{
    #pragma qd loop seq // expected-error {{'seq' must be on a 'for', 'while' or 'do' loop at the top level of a kernel or stream_parallel block; the host runs it and each iteration enqueues its body's work}}
    a[0] = s * n;
}
