// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A kernel whose whole body is a function-try-block, to catch errors of the
// work. The body runs on the device, which has no exceptions; launch errors
// are thrown to the caller of the kernel as qd::Error.
#pragma qd kernel
void scale(float* x, float s, int n) try // expected-error {{kernel 'scale' cannot have a function-try-block; its body runs on the device, where exceptions do not exist}}
{
    for (int i = 0; i < n; ++i)
        x[i] *= s;
}
catch (...) {
}
