// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
void run(double* a, int n)
{
#pragma qd data copyin(a[0:n])
    {
    }
#pragma qd enter data create(a[:n])
#pragma qd update host(a[0:n])
#pragma qd exit data delete(a[0:n])
}
