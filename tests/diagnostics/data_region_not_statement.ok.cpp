// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
void run(double* u, int n)
{
#pragma qd data copy(u[0:n])
    {
        double first = u[0];
        u[1] = first + n;
    }
}
