// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Keep the flag in device memory: a pointer parameter (or a qd::Buffer the
// caller owns). A host scalar may still hold an address computed from a
// pointer parameter, which points to device memory.
#pragma qd kernel
void set_flag(float* x, int* flag, int n)
{
    float* tail = x + n / 2;
    flag[0] = 0;
    for (int i = 0; i < n; ++i) {
        if (x[i] < 0.0f)
            flag[0] = 1;
        x[i] += static_cast<float>(n);
    }
    tail[0] = 0.0f;
}
