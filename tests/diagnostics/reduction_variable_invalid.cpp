// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What a reduction clause may name: a scalar local of arithmetic type,
// declared earlier at the loop's own level (or, in a stream_parallel block,
// in the kernel body before the region) with a host-evaluable initializer.
#pragma qd kernel
void sums(const float* a, int n, float* out, float bias)
{
    #pragma qd loop reduction(+: bias) // expected-error {{'bias' cannot be a reduction variable: it is a kernel parameter passed by value or by const reference; declare a local initialized from it before the loop and reduce into that}}
    for (int i = 0; i < n; ++i)
        out[i] = a[i];

    #pragma qd loop reduction(+: missing) // expected-error {{'missing' cannot be a reduction variable: no local of that name is declared before this loop in the same kernel body or block, or in the kernel body before the block's region}}
    for (int i = 0; i < n; ++i)
        out[i] = a[i];

    const float* where = a;
    #pragma qd loop reduction(+: where) // expected-error {{'where' cannot be a reduction variable: its type 'const float *' is not an arithmetic type (an integer, floating-point or bool)}}
    for (int i = 0; i < n; ++i)
        out[i] = where[i];

    float unset;
    #pragma qd loop reduction(+: unset) // expected-error {{'unset' cannot be a reduction variable: it has no initializer; the initializer takes part in the result, so give it the value to start from}}
    for (int i = 0; i < n; ++i)
        out[i] = a[i];

    float first = a[0];
    #pragma qd loop reduction(+: first) // expected-error {{'first' cannot be a reduction variable: its initializer is not a host value, so it is declared on the device; initialize it from parameters, constants and host scalars}}
    for (int i = 1; i < n; ++i)
        out[i] = a[i];
}
