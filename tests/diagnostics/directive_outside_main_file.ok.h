// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The header keeps the declarations that host code needs.
void clear(float* a, int n);
