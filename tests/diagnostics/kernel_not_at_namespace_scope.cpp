// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// '#pragma qd kernel' inside a function body, before the loop that should
// run on the GPU. Kernels are whole functions.
void normalize(float* x, float norm, int n)
{
    #pragma qd kernel // expected-error {{'#pragma qd kernel' must be at namespace scope, right before a function definition}}
    for (int i = 0; i < n; ++i)
        x[i] /= norm;
}
