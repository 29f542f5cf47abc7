// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The call as a whole top-level statement enqueues 'clear' on the stream.
#pragma qd kernel
void clear(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = 0.0f;
}

#pragma qd kernel
void reset(float* a, float* b, int n, bool first)
{
    if (first)
        clear(a, n);
    for (int i = 0; i < n; ++i)
        b[i] = 1.0f;
}
