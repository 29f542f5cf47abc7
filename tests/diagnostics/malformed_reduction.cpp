// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A reduction clause without its operator, its colon or its variables.
#pragma qd kernel
void sums(const float* a, int n, float* out)
{
    float total = 0.0f;
    #pragma qd loop reduction(total) // expected-error {{malformed 'reduction' clause; write 'reduction(op: var)' or 'reduction(op: var1, var2)' with an operator and the names of scalar locals}}
    for (int i = 0; i < n; ++i)
        total += a[i];
    out[0] = total;

    float other = 0.0f;
    #pragma qd loop reduction(+: other,) // expected-error {{malformed 'reduction' clause}}
    for (int i = 0; i < n; ++i)
        other += a[i];
    out[1] = other;
}
