// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A reduction's result is read-only for later device code; only a
// statement of its own at the top level may set it.
#pragma qd kernel
void scale(float* a, int n)
{
    float total = 0.0f;
    #pragma qd loop reduction(+: total) // expected-note 2 {{'total' becomes the result of this reduction}}
    for (int i = 0; i < n; ++i)
        total += a[i];
    for (int i = 0; i < n; ++i)
        total += a[i]; // expected-error {{'total' holds the result of a reduction, which later device code may only read; to combine more values into it, name it in the 'reduction' clause of a loop, and to set it, assign it in a statement of its own at the top level ('total = 0;')}}
    if (a[0] > 0.0f)
        total = a[0]; // expected-error {{'total' holds the result of a reduction, which later device code may only read}}
}
