// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
double table[16];

void start()
{
#pragma qd enter data copyin(table)
}
