// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Device code reads the results: the loop body, and the bound becomes a
// condition in the body. Locals computed from them, each declared on its
// own, live on the device too.
#pragma qd kernel
void normalize(float* a, int n)
{
    float total = 0.0f;
    int nonzero = 0;
    #pragma qd loop reduction(+: total, nonzero)
    for (int i = 0; i < n; ++i) {
        total += a[i];
        if (a[i] != 0.0f)
            ++nonzero;
    }
    const float inverse = 1.0f / total;
    const int count = nonzero / 2;
    for (int i = 0; i < n; ++i)
        if (i < count)
            a[i] = a[i] * inverse;
}

// A loop's condition variable assigned from the body's reductions lives on
// the device: the condition reads it there, and device code stores it.
#pragma qd kernel
void narrow(float* x, int n, float tol, float* out)
{
    float spread = 1.0f;
    #pragma qd loop seq
    while (spread > tol) {
        float hi = -1e30f, lo = 1e30f;
        #pragma qd loop reduction(max: hi) reduction(min: lo)
        for (int i = 0; i < n; ++i) {
            x[i] = 0.5f * x[i];
            hi = hi > x[i] ? hi : x[i];
            lo = lo < x[i] ? lo : x[i];
        }
        spread = hi - lo;
        out[0] = spread;
    }
}

// In a function template, the bound becomes a condition in the body, and
// device code fills the class from the result.
struct Bounds { double lo, hi, mid; };

#pragma qd kernel
template <typename T, typename B>
void halve_typed(T* a, int n, B* out)
{
    T total = T(0);
    #pragma qd loop reduction(+: total)
    for (int i = 0; i < n; ++i)
        total += a[i];
    const T count = total / T(2);
    for (int i = 0; i < n; ++i)
        if (i < count)
            a[i] = a[i] * T(2);
    out[0].lo = total;
}
template void halve_typed<double, Bounds>(double*, int, Bounds*);
