// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The kernel copies, in order with the loop before it.
void bump(double* a, int i)
{
    a[i] += 1.0;
}

#pragma qd kernel
void step(double* a, int n)
{
    for (int i = 0; i < n; ++i)
        bump(a, i);
#pragma qd update host(a[0:n])
}
