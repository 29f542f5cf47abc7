// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'long double' in code that runs on the GPU: in a reduction, in a loop's
// body (an operand that promotes the product), and in a function device
// code calls, once at the call and once in the function.

long double twice(long double x) { return 2 * x; } // expected-error {{this 'long double' is in code that runs on the GPU, where CUDA and HIP compute 'long double' as 'double', so the result would not be the serial program's; use 'double' here, or compute it in host code ('#pragma qd host')}}

#pragma qd kernel
void sum_ld(const long double* a, int n, double* out)
{
    long double s = 0;
    #pragma qd loop reduction(+: s) // expected-error {{this 'long double' is in code that runs on the GPU}}
    for (int i = 0; i < n; ++i)
        s += a[i];
    out[0] = static_cast<double>(s);
}

#pragma qd kernel
void helper(double* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = static_cast<double>(twice(a[i])); // expected-error {{this 'long double' is in code that runs on the GPU}}
}

#pragma qd kernel
void scaled(double* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = a[i] * 2.0L; // expected-error {{this 'long double' is in code that runs on the GPU}}
}
