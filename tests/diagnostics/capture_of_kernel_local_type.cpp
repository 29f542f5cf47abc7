// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A host scalar or parameter whose type the kernel itself declares, read by
// device code. Device code receives host values as arguments of a function
// outside the kernel, which cannot name the kernel's local types. Types the
// device code only uses inside its statements are fine: each device function
// declares them again.
#pragma qd kernel
void pick(float* a, int n)
{
    enum Mode { Add, Mul };
    const Mode m = n > 10 ? Add : Mul;
    for (int i = 0; i < n; ++i)
        a[i] = m == Add ? a[i] + 1.0f : a[i] * 2.0f; // expected-error {{device code reads 'm', whose type 'Mode' is declared inside the kernel; device code receives it as an argument of a function outside the kernel, where 'Mode' cannot be named; declare 'Mode' at namespace scope}}
}
