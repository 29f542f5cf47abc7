// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
void run(double* field, int n)
{
#pragma qd data copy(field[0:n])
    {
        field[0] = n;
    }
}
