// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A by-value parameter is the kernel's own copy: no data directive of the
// caller's made it present, and the caller never sees it.
#pragma qd kernel
void scale(double* a, int n, double factor, double* applied)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            a[i] *= factor;
    }
#pragma qd update host(a[0:n], factor) // expected-error {{'factor' is a parameter passed by value: the kernel has its own copy, which no data directive made present on the device; update the caller's variable around the call, or pass it by reference or pointer}}
#pragma qd update device(applied[0:1])
}
