// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Declare the type at namespace scope, or pass what device code needs as a
// value of a type it can name.
enum Mode { Add, Mul };

#pragma qd kernel
void pick(float* a, int n)
{
    const Mode m = n > 10 ? Add : Mul;
    for (int i = 0; i < n; ++i)
        a[i] = m == Add ? a[i] + 1.0f : a[i] * 2.0f;
}

#pragma qd kernel
void pick_local(float* a, int n)
{
    enum LocalMode { LocalAdd, LocalMul };
    const int add = n > 10;
    for (int i = 0; i < n; ++i) {
        const LocalMode m = add ? LocalAdd : LocalMul;
        a[i] = m == LocalAdd ? a[i] + 1.0f : a[i] * 2.0f;
    }
}
