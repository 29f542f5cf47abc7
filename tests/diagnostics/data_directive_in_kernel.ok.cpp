// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma qd kernel
void step(double* u, int n)
{
    for (int i = 0; i < n; ++i)
        u[i] += 1;
    for (int i = 0; i < n; ++i)
        u[i] *= 2;
}

void run(double* u, int n)
{
#pragma qd data copy(u[0:n])
    step(u, n);
}
