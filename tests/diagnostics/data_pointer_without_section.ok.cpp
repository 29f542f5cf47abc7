// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
void run(double* u, int n)
{
#pragma qd data copy(u[0:n])
    {
        u[0] = n;
    }
}
