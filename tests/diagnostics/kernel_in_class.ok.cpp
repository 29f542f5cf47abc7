// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Move the kernel out of the class; a member can still call it.
#pragma qd kernel
void reset_positions(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = 0.0f;
}

struct Particles {
    float* x;
    int n;
    void reset() { reset_positions(x, n); }
};
