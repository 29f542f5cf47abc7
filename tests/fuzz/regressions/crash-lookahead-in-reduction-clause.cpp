// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'reduction(s)' without an operator: the clause parser used
// Preprocessor::LookAhead inside the pragma handler, which clang asserts
// against (found by the seed tests/fuzz/seeds/reduction_clause_syntax.cpp).
#pragma qd kernel
void k(float* a, int n)
{
    float s = 0.0f;
    #pragma qd loop reduction(s)
    for (int i = 0; i < n; ++i)
        a[i] = 1.0f;
    #pragma qd loop reduction(s
    for (int i = 0; i < n; ++i)
        a[i] = 2.0f;
    #pragma qd loop reduction(foo, s)
    for (int i = 0; i < n; ++i)
        a[i] = 3.0f;
}
