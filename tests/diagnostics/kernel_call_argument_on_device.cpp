// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The callee's arguments are evaluated by the host when the call enqueues
// its work; 'sizes[0]' is in device memory.
#pragma qd kernel
void clear(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = 0.0f;
}

#pragma qd kernel
void reset(float* a, const int* sizes)
{
    clear(a, sizes[0]); // expected-error {{argument 'sizes[0]' of the call to kernel 'clear' needs device data; a kernel's arguments are evaluated on the host, so they may use only parameters, constants and host scalars}}
}
