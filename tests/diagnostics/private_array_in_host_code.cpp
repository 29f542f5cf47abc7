// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A kernel local array declared without an initializer is private: only the
// device code that writes it declares it, and '#pragma qd host' code, which
// runs on the host, cannot use it, before or after the loops that do.
#include <cstdio>

#pragma qd kernel
void smooth(const double* in, double* out, int n)
{
    double stencil[3], scale = 0.5;
    #pragma qd host
    {
        stencil[0] = 1.0; // expected-error {{'stencil' is a kernel local array declared without an initializer, which only the device code that writes it has (each iteration or serial task its own copy); '#pragma qd host' code runs on the host, where it does not exist: declare an array of its own inside the host code}}
        std::printf("%f\n", stencil[0]);
    }
    for (int i = 1; i < n - 1; ++i) {
        for (int s = 0; s < 3; ++s)
            stencil[s] = in[i - 1 + s];
        out[i] = scale * (stencil[0] + stencil[2]) + stencil[1];
    }
    #pragma qd host
    std::printf("%f\n", stencil[1]); // expected-error {{'stencil' is a kernel local array declared without an initializer}}
}
