// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Host code declares an array of its own; the loop keeps its private one.
#include <cstdio>

#pragma qd kernel
void smooth(const double* in, double* out, int n)
{
    double stencil[3], scale = 0.5;
    #pragma qd host
    {
        double weights[3] = {scale, 1.0, scale};
        std::printf("%f %f %f\n", weights[0], weights[1], weights[2]);
    }
    for (int i = 1; i < n - 1; ++i) {
        for (int s = 0; s < 3; ++s)
            stencil[s] = in[i - 1 + s];
        out[i] = scale * (stencil[0] + stencil[2]) + stencil[1];
    }
}
