// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Locals declared with a value computed from reductions' results, as serial
// code names them ('float alpha = rr / pap;'): each is computed on the GPU
// by one thread and lives there, like a reduction's result, so device code
// reads it and the host never waits for it. A 'const' one, a pointer chosen
// by a result, one read by a loop's condition, and conjugate gradients
// written as the textbook writes it. normalize is a graph-mode kernel: each
// derived value is a node of its graph. A loop's condition variable
// assigned from reductions whose variables are declared in the loop's body
// or before the loop. Function-template kernels, in stream and graph mode,
// whose derived locals have the template parameter's type.

#include <algorithm>

// A helper of the user's, called by a value computed on the device: it
// must be compiled for the device too.
static inline float safe_ratio(float a, float b) { return b != 0.0f ? a / b : 0.0f; }

#pragma qd kernel graph
void normalize(float* a, const float* b, float* out, int n)
{
    float total = 0.0f;
    #pragma qd loop reduction(+: total)
    for (int i = 0; i < n; ++i)
        total += a[i];
    const float mean = safe_ratio(total, static_cast<float>(n));
    for (int i = 0; i < n; ++i)
        a[i] = a[i] - mean;
    const float* larger = total > 0.0f ? a : b;
    for (int i = 0; i < n; ++i)
        out[i] = 2.0f * larger[i];
    double scale = 1.0 / (1.0 + static_cast<double>(mean * mean));
    scale *= 0.5;
    out[0] = static_cast<float>(scale);
}

// A derived value in the condition, set again in the body.
#pragma qd kernel
void settle(float* x, int n, float target, int* steps)
{
    float sum = 0.0f;
    #pragma qd loop reduction(+: sum)
    for (int i = 0; i < n; ++i)
        sum += x[i];
    float gap = sum - target;
    int k = 0;
    #pragma qd loop seq
    while (gap > 0.0f && k < 60) {
        for (int i = 0; i < n; ++i)
            x[i] = 0.9f * x[i];
        sum = 0.0f;
        #pragma qd loop reduction(+: sum)
        for (int i = 0; i < n; ++i)
            sum += x[i];
        gap = sum - target;
        ++k;
    }
    steps[0] = k;
    x[0] = gap;
}

// Conjugate gradients for a tridiagonal matrix (2 on the diagonal, -1 next
// to it), as the textbook writes it, in double precision.
#pragma qd kernel
void cg(double* x, double* r, double* p, double* ap, int n, double tol, int max_it, int* iterations)
{
    double rr = 0.0;
    #pragma qd loop reduction(+: rr)
    for (int i = 0; i < n; ++i)
        rr += r[i] * r[i];
    int it = 0;
    #pragma qd loop seq
    while (it < max_it && rr > tol * tol) {
        for (int i = 0; i < n; ++i) {
            const double left = i > 0 ? p[i - 1] : 0.0;
            const double right = i < n - 1 ? p[i + 1] : 0.0;
            ap[i] = 2.0 * p[i] - left - right;
        }
        double pap = 0.0;
        #pragma qd loop reduction(+: pap)
        for (int i = 0; i < n; ++i)
            pap += p[i] * ap[i];
        const double alpha = rr / pap;
        for (int i = 0; i < n; ++i) {
            x[i] += alpha * p[i];
            r[i] -= alpha * ap[i];
        }
        double rr_new = 0.0;
        #pragma qd loop reduction(+: rr_new)
        for (int i = 0; i < n; ++i)
            rr_new += r[i] * r[i];
        const double beta = rr_new / rr;
        rr = rr_new;
        for (int i = 0; i < n; ++i)
            p[i] = r[i] + beta * p[i];
        ++it;
    }
    iterations[0] = it;
}

// C style, as older solvers declare everything first: 'alpha' and 'beta'
// get their values from results in the body, 'pap' and 'rr_new' are reset
// there before their reductions.
#pragma qd kernel
void cg_c_style(double* x, double* r, double* p, double* ap, int n, double tol, int max_it, int* iterations)
{
    double rr, pap, alpha, beta, rr_new;
    int it, i;
    rr = 0.0;
    #pragma qd loop reduction(+: rr)
    for (i = 0; i < n; ++i)
        rr += r[i] * r[i];
    it = 0;
    #pragma qd loop seq
    while (it < max_it && rr > tol * tol) {
        for (i = 0; i < n; ++i)
            ap[i] = 2.0 * p[i] - (i > 0 ? p[i - 1] : 0.0) - (i < n - 1 ? p[i + 1] : 0.0);
        pap = 0.0;
        #pragma qd loop reduction(+: pap)
        for (i = 0; i < n; ++i)
            pap += p[i] * ap[i];
        alpha = rr / pap;
        for (i = 0; i < n; ++i) {
            x[i] += alpha * p[i];
            r[i] -= alpha * ap[i];
        }
        rr_new = 0.0;
        #pragma qd loop reduction(+: rr_new)
        for (i = 0; i < n; ++i)
            rr_new += r[i] * r[i];
        beta = rr_new / rr;
        rr = rr_new;
        for (i = 0; i < n; ++i)
            p[i] = r[i] + beta * p[i];
        ++it;
    }
    iterations[0] = it;
}

// A value the body computes from a result and the next iteration uses:
// its device code (the step) and its condition (the gap) see the value the
// previous iteration left, as in the serial loop; 'gap' has no value before
// the loop, 'step' has the host's.
#pragma qd kernel
void descend(float* x, int n, float tol, int* steps, float* out)
{
    float step = 0.5f;
    float gap;
    float total;
    int k = 0;
    #pragma qd loop seq
    do {
        for (int i = 0; i < n; ++i)
            x[i] = x[i] - step * x[i];
        total = 0.0f;
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i)
            total += x[i] * x[i];
        gap = total - tol;
        step = 0.5f * step + 0.5f * total / (total + 1.0f);
        ++k;
    } while (gap > 0.0f && k < 100);
    steps[0] = k;
    out[0] = step;
    out[1] = gap;
}

// The condition's variable is assigned from the body's own reductions,
// whose variables the body declares: 'spread' lives on the device from the
// loop on, and the condition reads what the last iteration left.
#pragma qd kernel
void narrow(float* x, int n, float tol, int* steps, float* out)
{
    float spread = 1.0f;
    int k = 0;
    #pragma qd loop seq
    while (spread > tol && k < 40) {
        float hi = -1e30f, lo = 1e30f;
        #pragma qd loop reduction(max: hi) reduction(min: lo)
        for (int i = 0; i < n; ++i) {
            x[i] = 0.5f * x[i];
            hi = std::max(hi, x[i]);
            lo = std::min(lo, x[i]);
        }
        spread = hi - lo;
        ++k;
    }
    steps[0] = k;
    out[0] = spread;
}

// The same with the reductions' variables declared before the loop and
// reset in it, and the spread halved through a body local derived from
// them.
#pragma qd kernel
void narrow_outer(float* x, int n, float tol, int* steps, float* out)
{
    float hi, lo;
    float spread = 1.0f;
    int k = 0;
    #pragma qd loop seq
    while (spread > tol && k < 40) {
        hi = -1e30f;
        lo = 1e30f;
        #pragma qd loop reduction(max: hi) reduction(min: lo)
        for (int i = 0; i < n; ++i) {
            x[i] = 0.5f * x[i];
            hi = std::max(hi, x[i]);
            lo = std::min(lo, x[i]);
        }
        const float width = hi - lo;
        spread = width;
        ++k;
    }
    steps[0] = k;
    out[0] = spread;
}

// Function templates: a local of the parameter's type computed from a
// result is a device scalar as well, its slot spelled with the parameter
// (a host value would be the reduction variable's stale one): a 'const'
// one, one assigned C style, and one a 'loop seq' body declares from its
// own reduction's result.
#pragma qd kernel
template <typename T>
void shift_by_twice(T* x, T scale, int n, T* total)
{
    T sum = 0;
    #pragma qd loop reduction(+: sum)
    for (int i = 0; i < n; ++i) {
        x[i] *= scale;
        sum += x[i];
    }
    const T twice = sum + sum;
    for (int i = 0; i < n; ++i)
        x[i] += twice;
    T half;
    half = sum / T(2);
    total[0] = sum;
    total[1] = half;
}
template void shift_by_twice<double>(double*, double, int, double*);
template void shift_by_twice<float>(float*, float, int, float*);

#pragma qd kernel
template <typename T>
void halve_until(T* x, int n, T tol, int* steps, T* out)
{
    T res = T(1e30);
    int k = 0;
    #pragma qd loop seq
    while (res > tol && k < 60) {
        res = T(0);
        #pragma qd loop reduction(+: res)
        for (int i = 0; i < n; ++i) {
            x[i] = x[i] * T(0.5);
            res += x[i] * x[i];
        }
        const T bump = res / T(n);
        x[0] += bump;
        ++k;
    }
    steps[0] = k;
    out[0] = res;
}
template void halve_until<double>(double*, int, double, int*, double*);

// A 'loop seq' condition reading a derived 'T' local: the host reads the
// device's value before each test.
#pragma qd kernel
template <typename T>
void raise_by_mean(T* x, int n, int* steps)
{
    T sum = T(0);
    #pragma qd loop reduction(+: sum)
    for (int i = 0; i < n; ++i)
        sum += x[i];
    const T limit = sum / T(n);
    int k = 0;
    #pragma qd loop seq
    for (; k < limit; ++k) {
        for (int i = 0; i < n; ++i)
            x[i] += T(1);
    }
    steps[0] = k;
}
template void raise_by_mean<int>(int*, int, int*);

// The same in graph mode, a graph node computing the derived value.
#pragma qd kernel graph
template <typename T>
void to_unit_mean(T* a, int n)
{
    T total = T(0);
    #pragma qd loop reduction(+: total)
    for (int i = 0; i < n; ++i)
        total += a[i];
    const T mean = total / T(n);
    for (int i = 0; i < n; ++i)
        a[i] = a[i] / mean;
}
template void to_unit_mean<float>(float*, int);

// A graph-mode 'loop seq' of a template: the condition's 'gap', the moved
// 'rate' and the body's 'r' derived from it live on the device, typed 'T'.
#pragma qd kernel graph
template <typename T>
void settle_typed(T* x, int n, T target, int* steps)
{
    T sum = T(0);
    #pragma qd loop reduction(+: sum)
    for (int i = 0; i < n; ++i)
        sum += x[i];
    T gap = sum - target;
    T rate = T(0.9);
    int k = 0;
    #pragma qd loop seq
    while (gap > T(0) && k < 60) {
        const T r = rate * T(0.5) + T(0.45);
        for (int i = 0; i < n; ++i)
            x[i] = r * x[i];
        rate = r;
        sum = T(0);
        #pragma qd loop reduction(+: sum)
        for (int i = 0; i < n; ++i)
            sum += x[i];
        gap = sum - target;
        ++k;
    }
    steps[0] = k;
    x[0] = gap;
}
template void settle_typed<float>(float*, int, float, int*);
