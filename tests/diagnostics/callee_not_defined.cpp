// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Calling, from a loop body, a function that is only declared here and
// defined in another source file (or a library). Device code must be
// compiled together with the kernel, from this file.
float activation(float v); // defined in activation.cpp

#pragma qd kernel
void apply_activation(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = activation(x[i]); // expected-error {{function 'activation' is called from device code but is not defined in this translation unit; define it in this file or in one of your headers so it can be compiled for the device, or, if it is a host call, put the statement in '#pragma qd host'}}
}
