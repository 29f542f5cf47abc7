// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'decltype' of a parameter or of a host scalar as the type of a loop
// variable, a host scalar, a reduction variable and a private local: in
// graph mode (a host-value 'loop seq' around a region), in stream mode, and
// in a function-template kernel, where the type depends on the template
// parameter. The generated functions are outside the kernel, where those
// names are not in scope, so each type is spelled as what it names (issue
// 42: nvcc said 'identifier "scale" is undefined').
#include <qd/qd.h>

#pragma qd kernel graph
void march(float* x, float* y, float* z, int n, int steps, float dt)
{
    const decltype(n) half = n / 2;
    #pragma qd loop seq
    for (decltype(steps) s = 0; s < steps; ++s) {
        #pragma qd stream_parallel
        {
            for (decltype(n) i = 0; i < half; ++i)
                y[i] = x[i] + dt;
        }
        #pragma qd stream_parallel
        {
            for (decltype(half + 0) i = half; i < n; ++i)
                z[i] = x[i] - dt;
        }
        for (decltype(n) i = 0; i < n; ++i)
            x[i] = 0.5f * (i < half ? y[i] : z[i]);
    }
}

#pragma qd kernel
void weigh(const float* x, float* out, int n)
{
    int len = n - n / 4;
    decltype(len) k;
    decltype(x[0] + 0.0f) total = 0;
    #pragma qd loop reduction(+: total)
    for (decltype(len) i = 0; i < len; ++i) {
        k = i % 3;
        out[i] = x[i] * static_cast<float>(k);
        total += out[i];
    }
    out[n] = total;
}

#pragma qd kernel graph
template <typename T>
void scale_sum(T* x, T scale, int n, T* total)
{
    decltype(scale) sum = 0;
    #pragma qd loop reduction(+: sum)
    for (decltype(n) i = 0; i < n; ++i) {
        x[i] *= scale;
        sum += x[i];
    }
    const decltype(scale) twice = scale + scale;
    for (decltype(n) i = 0; i < n; ++i) {
        decltype(scale)* at = x + i;
        *at += twice;
    }
    total[0] = sum;
}

template void scale_sum<double>(double*, double, int, double*);
