// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Device-callable helpers defined in this file: plain inline, a template, a helper calling
// another helper, a helper with a sequential loop, a static member of a class template named
// through a template kernel's parameter, and a host-only helper that must be left exactly as
// written (it is not called from any kernel).

#include <cmath>
#include <cstdio>

inline float clamp01(float v)
{
    return v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
}

template <class T>
T lerp(T a, T b, T t)
{
    return a + (b - a) * t;
}

// calls another helper
float smoothstep(float edge0, float edge1, float x)
{
    float t = clamp01((x - edge0) / (edge1 - edge0));
    return t * t * (3.0f - 2.0f * t);
}

// helper with its own loop (Horner evaluation of a polynomial)
static float horner(const float* coeffs, int degree, float x)
{
    float acc = coeffs[degree];
    for (int k = degree - 1; k >= 0; --k)
        acc = acc * x + coeffs[k];
    return acc;
}

// host-only: prints a summary; never called from device code, must stay untouched
void print_summary(const float* values, int n)
{
    double sum = 0.0;
    for (int i = 0; i < n; ++i) sum += values[i];
    std::printf("n=%d mean=%g\n", n, n > 0 ? sum / n : 0.0);
}

#pragma qd kernel
void shade(float* out, const float* depth, const float* coeffs, int degree, int n,
           float near_plane, float far_plane)
{
    for (int i = 0; i < n; ++i) {
        float fog = smoothstep(near_plane, far_plane, depth[i]);
        float base = horner(coeffs, degree, depth[i]);
        auto tone = [](float v) { return v / (1.0f + fabsf(v)); };   // lambda in the body
        out[i] = lerp(tone(base), 1.0f, fog);
    }
}

// A static member of a class template, named in a function-template kernel through the
// kernel's own parameter ('Gain<Rows>::apply', as miniBUDE's 'IMPL_CLS<PPWI>::fasten_main'):
// the call stays dependent in the kernel's pattern, and the member still needs its
// '__host__ __device__'.
template <int Rows>
struct Gain {
    static float apply(float v) { return v * static_cast<float>(Rows) + 0.5f; }
};

#pragma qd kernel
template <int Rows>
void amplify(float* out, const float* in, int n)
{
    for (int i = 0; i < n; ++i)
        out[i] = Gain<Rows>::apply(in[i]);
}
template void amplify<3>(float*, const float*, int);

void shade_and_report(float* out, const float* depth, const float* coeffs, int n)
{
    shade(out, depth, coeffs, 3, n, 0.1f, 100.0f);
    print_summary(out, n);
}
