// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// bad.cpp: an unknown clause, so the first line of the diagnostics names
// this file.
#pragma qd kernel foo
void fill(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = 1.0f;
}
