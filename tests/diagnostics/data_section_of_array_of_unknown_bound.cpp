// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// An array declared without its size, defined elsewhere.
extern double table[];

void run(int n)
{
#pragma qd enter data copyin(table) // expected-error {{'table' is an array of unknown size; write a section, like 'table[0:n]'}}
    table[0] = n;
}
