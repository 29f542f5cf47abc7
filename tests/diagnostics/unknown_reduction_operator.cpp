// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Subtraction is not associative, and 'sum' is not an operator.
#pragma qd kernel
void sums(const float* a, int n, float* out)
{
    float total = 0.0f;
    #pragma qd loop reduction(-: total) // expected-error {{unknown reduction operator '-'; use one of + * min max & | ^ && ||}}
    for (int i = 0; i < n; ++i)
        total -= a[i];
    out[0] = total;

    float other = 0.0f;
    #pragma qd loop reduction(sum: other) // expected-error {{unknown reduction operator 'sum'}}
    for (int i = 0; i < n; ++i)
        other += a[i];
    out[1] = other;
}
