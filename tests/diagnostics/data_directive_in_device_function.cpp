// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A function that device code calls runs on the device, where no host
// takes part in a copy.
void publish(double* a, int i)
{
#pragma qd update host(a[i:1]) // expected-error {{'#pragma qd update' is in 'publish', which device code calls; on the device there is no host to copy to or from, so it would do nothing there: put it in the kernel, or in the host code around the call}}
}

#pragma qd kernel
void step(double* a, int n)
{
    for (int i = 0; i < n; ++i) {
        a[i] += 1.0;
        publish(a, i);
    }
}
