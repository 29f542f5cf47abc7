// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma qd kernel
void step(double* u, int n)
{
    for (int i = 0; i < n; ++i)
        u[i] += 1;
#pragma qd update host(u[0:n])
}
