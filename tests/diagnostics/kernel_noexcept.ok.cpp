// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Without 'noexcept', a failed launch reaches the caller as qd::Error.
#pragma qd kernel
void scale(float* x, float s, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] *= s;
}
