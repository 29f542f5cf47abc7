// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
void run(double* a, int n)
{
#pragma qd update host(a[0:n])
#pragma qd data copy(a[0:n])
    {
        a[0] = n;
    }
}
