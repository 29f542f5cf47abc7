// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// After its reduction, a variable lives on the device; the host cannot read
// it without waiting for the GPU, and neither can '#pragma qd host' code. A
// local declared on its own with a value computed from it lives there too;
// one of several declared together is a host scalar, which cannot.
#include <qd/qd.h>

void record_total(float total, qd::StreamRef stream); // a library of the user's

#pragma qd kernel
void normalize(float* a, int n)
{
    float total = 0.0f;
    int nonzero = 0;
    #pragma qd loop reduction(+: total, nonzero) // expected-note 2 {{'total' becomes the result of this reduction}} expected-note 2 {{'nonzero' becomes the result of this reduction}}
    for (int i = 0; i < n; ++i) {
        total += a[i];
        if (a[i] != 0.0f)
            ++nonzero;
    }
    float inverse = 1.0f / total, half = 0.5f; // expected-error {{'total' holds the result of a reduction, which only exists on the device; a host scalar's initializer is evaluated on the host, where reading it would need a synchronization that makes the call wait for the GPU; read it in device code, or store it to device memory in a serial task ('out[0] = total;') to hand it to the host}}
    const int count = nonzero / 2; // expected-note {{'count' is computed on the GPU here, from the result of a reduction, and lives there like one}}
    for (int i = 0; i < count; ++i) // expected-error {{'count' holds the result of a reduction, which only exists on the device; a loop bound is evaluated on the host, where reading it would need a synchronization}}
        a[i] = a[i] * half;
    for (int i = 0; i < nonzero; ++i) // expected-error {{'nonzero' holds the result of a reduction, which only exists on the device; a loop bound is evaluated on the host, where reading it would need a synchronization}}
        a[i] = a[i] * 2.0f;
    #pragma qd host
    record_total(total, qd::current_stream()); // expected-error {{'total' holds the result of a reduction, which only exists on the device; '#pragma qd host' code is evaluated on the host}}
    #pragma qd update host(a[0:nonzero]) // expected-error {{'nonzero' holds the result of a reduction, which only exists on the device; a data directive's item is evaluated on the host}}
}

// A loop's condition variable assigned from the body's reductions lives on
// the device from the loop on: host code in the body cannot read it.
#pragma qd kernel
void narrow(float* x, int n, float tol)
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
        spread = hi - lo; // expected-note {{'spread' is computed on the GPU here, from the result of a reduction, and lives there like one}}
        #pragma qd host
        record_total(spread, qd::current_stream()); // expected-error {{'spread' holds the result of a reduction, which only exists on the device; '#pragma qd host' code is evaluated on the host}}
    }
}

// In a function template, locals of a parameter's type too: one computed
// from a result lives on the device, so a loop bound cannot read it; one
// that an instantiation makes a class no slot holds is a host scalar, which
// cannot read the result (it would read the stale host variable).
struct Bounds { double lo, hi, mid; };

#pragma qd kernel
template <typename T, typename B>
void halve_typed(T* a, int n, B* out)
{
    T total = T(0);
    #pragma qd loop reduction(+: total) // expected-note {{'total' becomes the result of this reduction}}
    for (int i = 0; i < n; ++i)
        total += a[i];
    const T count = total / T(2); // expected-note {{'count' is computed on the GPU here, from the result of a reduction, and lives there like one}}
    for (int i = 0; i < count; ++i) // expected-error {{'count' holds the result of a reduction, which only exists on the device; a loop bound is evaluated on the host, where reading it would need a synchronization}}
        a[i] = a[i] * T(2);
    const B bounds = B{total, total, total}; // expected-error {{'total' holds the result of a reduction, which only exists on the device; a host scalar's initializer is evaluated on the host}}
    out[0] = bounds;
}
template void halve_typed<double, Bounds>(double*, int, Bounds*);
