// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A function that device code calls has no arguments for the globals it
// reads; only constexpr scalars are readable there.
constexpr int kOrder = 2;
double gravity = 9.81;
const double table[2] = {1.0, 2.0};

double force(double m) { return m * gravity; } // expected-error {{'force', which device code calls, uses the namespace-scope variable 'gravity'; a function called from device code can only read constexpr scalars of namespace scope; pass 'gravity' to 'force' as an argument}}
double lookup(int i) { return table[i % kOrder]; } // expected-error {{'lookup', which device code calls, uses the namespace-scope variable 'table'}}

#pragma qd kernel
void apply(double* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = force(a[i]) + lookup(i);
}
