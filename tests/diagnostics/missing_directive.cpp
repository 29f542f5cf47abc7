// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// '#pragma qd' with nothing after it, or with something that is not a
// directive name: the directive was forgotten.
#pragma qd // expected-error {{expected a directive after '#pragma qd': 'kernel', 'stream_parallel', 'loop' or 'host'}}
void saxpy(float* y, const float* x, float a, int n)
{
    for (int i = 0; i < n; ++i)
        y[i] = a * x[i] + y[i];
}

#pragma qd 256 // expected-error {{expected a directive after '#pragma qd'}}
void fill(float* y, float v, int n)
{
    for (int i = 0; i < n; ++i)
        y[i] = v;
}
