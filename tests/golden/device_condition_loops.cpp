// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Loops whose condition the GPU computes: a '#pragma qd loop seq' loop whose
// condition reads a reduction's result. The reduction's variable is
// declared before the loop, as serial code declares it; it may be reset at
// the top of the body ('res = 0.0f;'), or keep accumulating from one
// iteration to the next. Host statements (an iteration counter, swapped
// buffers) keep their serial meaning in every iteration and after the loop.
// 'while', 'do'/'while' and 'for', with zero trips and a loop that stops at
// its iteration cap (see the driver).
#include <cmath>

#pragma qd kernel
void jacobi(float* u, float* v, int n, float tol, int max_it, int* iterations, float* residual)
{
    float res = 1e30f;
    int it = 0;
    #pragma qd loop seq
    while (res > tol && it < max_it) {
        res = 0.0f;
        #pragma qd loop reduction(max: res)
        for (int i = 1; i < n - 1; ++i) {
            v[i] = 0.5f * (u[i - 1] + u[i + 1]);
            res = std::fmax(res, std::fabs(v[i] - u[i]));
        }
        v[0] = u[0];
        v[n - 1] = u[n - 1];
        float* t = u;
        u = v;
        v = t;
        ++it;
    }
    iterations[0] = it;
    residual[0] = res;
}

#pragma qd kernel
void halve_until(float* a, int n, float limit, int* steps)
{
    float total = 0.0f;
    int k = 0;
    #pragma qd loop seq
    do {
        total = 0.0f;
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i) {
            a[i] = 0.5f * a[i];
            total += a[i];
        }
        ++k;
    } while (total > limit);
    steps[0] = k;
}

#pragma qd kernel
void grow(float* a, int n, float target, int* rounds)
{
    float sum = 0.0f;
    int r = 0;
    #pragma qd loop seq
    for (r = 0; sum < target && r < 50; ++r) {
        #pragma qd loop reduction(+: sum)
        for (int i = 0; i < n; ++i)
            sum += a[i];
        for (int i = 0; i < n; ++i)
            a[i] = a[i] * 1.5f;
    }
    rounds[0] = r;
    a[0] = sum;
}

// Graph mode: a reduction's result reset by a statement of its own, and a
// host loop (its condition on the host) whose reductions accumulate into a
// local declared before it. Both are launches of the call's graph.
#pragma qd kernel graph
void moments(const float* a, int n, int steps, float* out)
{
    float s = 0.0f;
    #pragma qd loop reduction(+: s)
    for (int i = 0; i < n; ++i)
        s += a[i];
    out[0] = s;
    s = 1.0f;
    #pragma qd loop reduction(+: s)
    for (int i = 0; i < n; ++i)
        s += a[i] * a[i];
    out[1] = s;
    float weighted = 0.5f;
    #pragma qd loop seq
    for (int t = 0; t < steps; ++t) {
        #pragma qd loop reduction(+: weighted)
        for (int i = 0; i < n; ++i)
            weighted += a[i] * static_cast<float>(t);
    }
    out[2] = weighted;
}

// Conjugate gradients' 'rr = rr_new;': a reduction's result set from
// another one on the device, and changed by a compound assignment; the
// condition reads a result computed before the loop and set in it.
#pragma qd kernel
void shrink(float* x, int n, float tol, int* steps, float* out)
{
    float norm = 0.0f;
    #pragma qd loop reduction(+: norm)
    for (int i = 0; i < n; ++i)
        norm += x[i] * x[i];
    int k = 0;
    #pragma qd loop seq
    while (norm > tol && k < 100) {
        float next = 0.0f;
        #pragma qd loop reduction(+: next)
        for (int i = 0; i < n; ++i) {
            x[i] = 0.75f * x[i];
            next += x[i] * x[i];
        }
        norm = next;
        norm *= 1.0f + 1.0f / static_cast<float>(n);
        ++k;
    }
    steps[0] = k;
    out[0] = norm;
}

// C style, as the classic OpenMP example jacobi.c writes it: locals declared
// at the top without initializers, given values by host statements before
// the loop; the reduction's variable is one of them.
#pragma qd kernel
void c_style(float* a, int n, float tol, int* steps)
{
    int k;
    float change;
    change = 10.0f * tol;
    k = 0;
    #pragma qd loop seq
    while (k < 100 && change > tol) {
        change = 0.0f;
        #pragma qd loop reduction(+: change)
        for (int i = 0; i < n; ++i) {
            const float next = 0.5f * a[i];
            change += a[i] - next;
            a[i] = next;
        }
        change = change / static_cast<float>(n);
        k = k + 1;
    }
    steps[0] = k;
}

// A template kernel whose reduction variable has the template's type: the
// loop is analyzed on the pattern, where 'T top' has no type yet.
#pragma qd kernel
template <class T>
void halve_typed(T* a, int n, T tol, int* steps)
{
    T top = T(1e30);
    int k = 0;
    #pragma qd loop seq
    while (top > tol) {
        top = T(0);
        #pragma qd loop reduction(max: top)
        for (int i = 0; i < n; ++i) {
            a[i] = a[i] * T(0.5);
            top = a[i] > top ? a[i] : top;
        }
        k = k + 1;
    }
    steps[0] = k;
}

template void halve_typed<double>(double* a, int n, double tol, int* steps);
template void halve_typed<float>(float* a, int n, float tol, int* steps);
