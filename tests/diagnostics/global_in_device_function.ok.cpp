// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Read the globals in the kernel, which passes them to the device, and give
// them to the functions as arguments.
constexpr int kOrder = 2;
double gravity = 9.81;
const double table[2] = {1.0, 2.0};

double force(double m, double g) { return m * g; }
double lookup(const double* t, int i) { return t[i % kOrder]; }

#pragma qd kernel
void apply(double* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = force(a[i], gravity) + lookup(table, i);
}
