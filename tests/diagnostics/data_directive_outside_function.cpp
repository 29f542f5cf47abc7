// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Data directives run where they stand, so they need a function to stand in.
double table[16];
#pragma qd enter data copyin(table) // expected-error {{'#pragma qd enter data' must be in a function body}}
