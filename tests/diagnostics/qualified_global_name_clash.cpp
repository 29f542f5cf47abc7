// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A global named with a qualifier reaches device code under its bare name,
// which a parameter of the kernel already has.
namespace config {
int n = 0;
}

#pragma qd kernel
void fill(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = static_cast<float>(config::n); // expected-error {{device code receives 'config::n' as a local variable named 'n', and a parameter of kernel 'fill' has that name too; rename one of them}}
}
