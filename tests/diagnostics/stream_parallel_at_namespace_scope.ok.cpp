// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Mark the function '#pragma qd kernel'. To run its work on a stream of your
// choice, call the entry point that takes a trailing 'qd::StreamRef'.
#pragma qd kernel
void fill(float* a, float v, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = v;
}
