// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Mark the function itself as the kernel; its top-level loop becomes the
// GPU launch.
#pragma qd kernel
void normalize(float* x, float norm, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] /= norm;
}
