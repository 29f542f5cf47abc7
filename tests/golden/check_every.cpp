// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'check_every(N)' on loops whose condition the GPU computes: the host reads
// the condition back every N iterations; the GPU tests it every iteration
// and turns the work of later iterations off. The serial program's results
// are the ones to get, with loops that stop between two read-backs, at a
// read-back, with zero trips and at their iteration cap (see the driver):
// the arrays, the reductions' results, and the host values the body changes
// (a counter, two swapped buffers, an accumulated time).
#include <cmath>

static inline bool far_from(float value, float target) { return value > target; }

#pragma qd kernel
void jacobi(float* u, float* v, int n, float tol, int max_it, int* iterations, float* residual)
{
    float res = 1e30f;
    int it = 0;
    #pragma qd loop seq check_every(4)
    while (far_from(res, tol) && it < max_it) {
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

// do/while: the body runs before the first test.
#pragma qd kernel
void halve_until(float* a, int n, float limit, int* steps)
{
    float total = 0.0f;
    int k = 0;
    #pragma qd loop seq check_every(3)
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
    a[0] = total;
}

// A 'for' whose variable outlives it, a result accumulated across
// iterations, a host time step, and two blocks of a region and a host 'if'
// in the body: every stream's launches are turned off.
#pragma qd kernel
void grow(float* a, float* b, int n, float target, int* rounds, float* clock)
{
    float sum = 0.0f;
    float t = 0.0f;
    int r = 0;
    #pragma qd loop seq check_every(5)
    for (r = 0; sum < target && r < 50; ++r) {
        #pragma qd loop reduction(+: sum)
        for (int i = 0; i < n; ++i)
            sum += a[i];
        #pragma qd stream_parallel
        {
            for (int i = 0; i < n; ++i)
                a[i] = a[i] * 1.5f;
        }
        #pragma qd stream_parallel
        {
            for (int i = 0; i < n; ++i)
                b[i] = b[i] + 1.0f;
        }
        if (r % 2 == 1) {
            for (int i = 0; i < n; ++i)
                b[i] = -b[i];
        }
        t += 0.25f;
    }
    rounds[0] = r;
    a[0] = sum;
    clock[0] = t;
}

// Conjugate gradients' 'rr = rr_new;' (a result set on the device) and a
// nested loop whose condition is the host's.
#pragma qd kernel
void shrink(float* x, int n, float tol, int* steps, float* out)
{
    float norm = 0.0f;
    #pragma qd loop reduction(+: norm)
    for (int i = 0; i < n; ++i)
        norm += x[i] * x[i];
    int k = 0;
    #pragma qd loop seq check_every(8)
    while (norm > tol && k < 100) {
        float next = 0.0f;
        #pragma qd loop seq
        for (int pass = 0; pass < 2; ++pass) {
            for (int i = 0; i < n; ++i)
                x[i] = 0.875f * x[i];
        }
        #pragma qd loop reduction(+: next)
        for (int i = 0; i < n; ++i)
            next += x[i] * x[i];
        norm = next;
        ++k;
    }
    steps[0] = k;
    out[0] = norm;
}

// A collapse(2) nest and a loop with a vector loop in the body: their
// launches are turned off too.
#pragma qd kernel
void relax(float* grid, float* next, float* rows, int h, int w, float tol, int* sweeps)
{
    float change = 1e30f;
    int s = 0;
    #pragma qd loop seq check_every(4)
    while (change > tol && s < 40) {
        change = 0.0f;
        #pragma qd loop collapse(2) reduction(max: change)
        for (int y = 1; y < h - 1; ++y)
            for (int x = 1; x < w - 1; ++x) {
                const float value = 0.25f * (grid[(y - 1) * w + x] + grid[(y + 1) * w + x] +
                                             grid[y * w + x - 1] + grid[y * w + x + 1]);
                change = std::fmax(change, std::fabs(value - grid[y * w + x]));
                next[y * w + x] = value;
            }
        #pragma qd loop
        for (int y = 0; y < h; ++y) {
            float total = 0.0f;
            #pragma qd loop vector reduction(+: total)
            for (int x = 0; x < w; ++x)
                total += next[y * w + x];
            rows[y] = total;
        }
        float* t = grid;
        grid = next;
        next = t;
        ++s;
    }
    sweeps[0] = s;
    rows[0] = change;
}
