// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// '#pragma qd kernel' inside a class body, on a static or non-static member
// function. Kernels are free functions at namespace scope.
struct Particles {
    float* x;
    int n;

#pragma qd kernel // expected-error {{'#pragma qd kernel' cannot be used inside class 'Particles'; kernels must be free functions at namespace scope, so move the function out of the class}}
    static void reset(float* x, int n)
    {
        for (int i = 0; i < n; ++i)
            x[i] = 0.0f;
    }
};
