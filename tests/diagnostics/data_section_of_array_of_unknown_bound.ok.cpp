// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
extern double table[];

void run(int n)
{
#pragma qd enter data copyin(table[0:n])
    table[0] = n;
}
