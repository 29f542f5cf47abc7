// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Loops of the cpu-target benchmark (cpu_loops_bench.cpp): built twice into
// one program, as the serial program (g++, the pragmas ignored) in namespace
// serial_build and translated with --target=cpu in namespace cpu_target.
#ifndef QD_BENCH_NS
#error "define QD_BENCH_NS"
#endif

namespace QD_BENCH_NS {

#pragma qd kernel
void triad(float* a, const float* b, const float* c, float s, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = b[i] + s * c[i];
}

// A 5-point stencil, one loop over the cells (collapse) ...
#pragma qd kernel
void stencil_collapse(const float* in, float* out, int n)
{
    #pragma qd loop collapse(2)
    for (int i = 1; i < n - 1; ++i)
        for (int j = 1; j < n - 1; ++j)
            out[i * n + j] = 0.25f * (in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                                      in[i * n + j - 1] + in[i * n + j + 1]);
}

// ... and parallel over rows, with the row's loop inside.
#pragma qd kernel
void stencil_rows(const float* in, float* out, int n)
{
    for (int i = 1; i < n - 1; ++i)
        for (int j = 1; j < n - 1; ++j)
            out[i * n + j] = 0.25f * (in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                                      in[i * n + j - 1] + in[i * n + j + 1]);
}

// C = A B with the sequential k loop innermost per output.
#pragma qd kernel
void product(const float* a, const float* b, float* c, int n)
{
    #pragma qd loop collapse(2)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int k = 0; k < n; ++k)
                s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
}

// The same in i-k-j order, which vectorizes over j.
#pragma qd kernel
void product_ikj(const float* a, const float* b, float* c, int n)
{
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j)
            c[i * n + j] = 0.0f;
        for (int k = 0; k < n; ++k)
            for (int j = 0; j < n; ++j)
                c[i * n + j] += a[i * n + k] * b[k * n + j];
    }
}

#pragma qd kernel
void sum(const double* x, double* total, int n)
{
    double s = 0.0;
    #pragma qd loop reduction(+: s)
    for (int i = 0; i < n; ++i)
        s += x[i];
    total[0] = s;
}

} // namespace QD_BENCH_NS
