// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A triangular nest: the inner bound depends on the outer index.
#pragma qd kernel
void lower(float* a, int n)
{
    #pragma qd loop collapse(2)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j <= i; ++j) // expected-error {{the end of a collapsed loop uses 'i', the index of an enclosing loop of the same 'collapse'; collapse needs a rectangular iteration space whose bounds are all evaluated once, on the host}}
            a[i * n + j] = 1.0f;
}

#pragma qd kernel
void band(float* a, int n, int k)
{
    #pragma qd loop collapse(2)
    for (int i = 0; i < n; ++i)
        for (int j = i; j < i + k; ++j) // expected-error {{the begin of a collapsed loop uses 'i', the index of an enclosing loop of the same 'collapse'; collapse needs a rectangular iteration space whose bounds are all evaluated once, on the host}}
            a[i * n + j] = 1.0f;
}
