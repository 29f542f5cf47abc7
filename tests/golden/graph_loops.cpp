// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Graph mode's loops whose condition the GPU computes: each is one
// conditional WHILE node of the call's graph on CUDA, its body recorded
// once, whatever the trip count. The body's trailing host statements (an
// iteration counter, swapped buffers, a 'for' increment) run on the GPU
// between iterations, and the values they change live on the device from
// the loop on. 'while', 'do'/'while' and 'for'; a region and a call of
// another kernel in the body; values computed from results; and a kernel
// whose host reads such a value after the loop, which runs in stream mode
// (-Wqd-graph says why). HIP graphs have no conditional nodes: there every
// kernel here runs in stream mode. The driver covers zero trips and a loop
// that stops at its iteration cap.
#include <qd/qd.h>

#include <cmath>
#include <cstring>

// Copies n floats of device memory on `stream`, without waiting; the CPU
// path is the program's own, for builds without a GPU runtime.
static void copy_async(float* dst, const float* src, int n, qd::StreamRef stream)
{
#if defined(__HIPCC__)
    (void)hipMemcpyAsync(dst, src, sizeof(float) * n, hipMemcpyDeviceToDevice, stream);
#elif defined(CUDART_VERSION)
    (void)cudaMemcpyAsync(dst, src, sizeof(float) * n, cudaMemcpyDeviceToDevice, stream);
#else
    (void)stream;
    std::memcpy(dst, src, sizeof(float) * n);
#endif
}

#pragma qd kernel graph
void sweep(float* u, float* v, int n, float tol, int max_it, int* iterations, float* residual)
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
    u[0] = u[0] + 0.0f * v[0];
}

#pragma qd kernel graph
void halve_below(float* a, int n, float limit, int* steps)
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
        k += 1;
    } while (total > limit);
    steps[0] = k;
}

#pragma qd kernel graph
void scale_rows(float* a, int n, float s)
{
    for (int i = 0; i < n; ++i)
        a[i] = s * a[i];
}

// A 'for' whose increment the GPU runs; a region and a kernel call in the
// body; a value computed from a result in the body.
#pragma qd kernel graph
void grow_mean(float* a, float* b, int n, float target, int* rounds)
{
    float sum = 0.0f;
    int r = 0;
    #pragma qd loop seq
    for (r = 0; sum < target && r < 50; ++r) {
        sum = 0.0f;
        #pragma qd loop reduction(+: sum)
        for (int i = 0; i < n; ++i)
            sum += a[i];
        const float mean = sum / static_cast<float>(n);
        #pragma qd stream_parallel
        {
            for (int i = 0; i < n; ++i)
                a[i] = a[i] * 1.5f;
        }
        #pragma qd stream_parallel
        {
            for (int i = 0; i < n; ++i)
                b[i] = b[i] + mean;
        }
        scale_rows(b, n, 0.5f);
    }
    rounds[0] = r;
    a[0] = sum;
}

// Conjugate gradients for a tridiagonal matrix (2 on the diagonal, -1 next
// to it), as the textbook writes it.
#pragma qd kernel graph
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

// The host uses the iteration count after the loop (a loop's bound): the
// count must be the host's, so this kernel runs in stream mode.
#pragma qd kernel graph
void settle_then_mark(float* a, int n, float tol, int* marks)
{
    float top = 1e30f;
    int k = 0;
    #pragma qd loop seq
    while (top > tol && k < 40) {
        top = 0.0f;
        #pragma qd loop reduction(max: top)
        for (int i = 0; i < n; ++i) {
            a[i] = 0.75f * a[i];
            top = std::fmax(top, std::fabs(a[i]));
        }
        ++k;
    }
    for (int i = 0; i < k; ++i)
        marks[i] = i + 1;
}

// Smoothing sweeps inside the convergence loop, as multigrid writes them: a
// 'loop seq' of its own count in the body, the same in every iteration,
// recorded once into the WHILE node's body.
#pragma qd kernel graph
void smooth_until(float* a, float* b, int n, int sweeps, float tol, int* cycles)
{
    float change = 1e30f;
    int c = 0;
    #pragma qd loop seq
    while (change > tol && c < 200) {
        #pragma qd loop seq
        for (int s = 0; s < sweeps; ++s) {
            const float w = s % 2 == 0 ? 1.0f : 0.5f;
            for (int i = 1; i < n - 1; ++i)
                b[i] = a[i] + w * (0.5f * (a[i - 1] + a[i + 1]) - a[i]);
            for (int i = 1; i < n - 1; ++i)
                a[i] = b[i];
        }
        change = 0.0f;
        #pragma qd loop reduction(max: change)
        for (int i = 1; i < n - 1; ++i)
            change = std::fmax(change, std::fabs(a[i] - 0.5f * (a[i - 1] + a[i + 1])));
        ++c;
    }
    cycles[0] = c;
}

// A loop in a stream_parallel block, next to a block of plain work; a
// 'for' whose own variable the body's device code reads.
#pragma qd kernel graph
void two_sides(float* a, float* b, int n, float tol, int* counts)
{
    #pragma qd stream_parallel
    {
        float top = 1e30f;
        int k = 0;
        #pragma qd loop seq
        for (int t = 1; top > tol && t < 100; ++t) {
            top = 0.0f;
            #pragma qd loop reduction(max: top)
            for (int i = 0; i < n; ++i) {
                a[i] = a[i] / static_cast<float>(t + 1);
                top = std::fmax(top, std::fabs(a[i]));
            }
            k += 2;
        }
        counts[0] = k;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            b[i] = 2.0f * b[i];
    }
}

// A kernel called by another, and a template kernel, each with a loop.
#pragma qd kernel graph
void shrink_to(float* a, int n, float limit, int* steps)
{
    float total = 0.0f;
    int s = 0;
    #pragma qd loop seq
    do {
        total = 0.0f;
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i) {
            a[i] = 0.8f * a[i];
            total += std::fabs(a[i]);
        }
        ++s;
    } while (total > limit);
    steps[0] = s;
}

#pragma qd kernel graph
void shrink_both(float* a, float* b, int n, float limit, int* steps)
{
    shrink_to(a, n, limit, steps);
    shrink_to(b, n, 0.5f * limit, steps + 1);
}

// A stream-mode caller: the callee's stream-mode work, whose count stays on
// the host.
#pragma qd kernel
void shrink_in_stream_mode(float* a, int n, float limit, int* steps)
{
    shrink_to(a, n, limit, steps);
}

#pragma qd kernel graph
template <class T>
void decay(T* a, int n, float tol, int* steps)
{
    float top = 1e30f;
    int k = 0;
    #pragma qd loop seq
    while (top > tol) {
        top = 0.0f;
        #pragma qd loop reduction(max: top)
        for (int i = 0; i < n; ++i) {
            a[i] = a[i] * T(0.5);
            top = static_cast<float>(a[i]) > top ? static_cast<float>(a[i]) : top;
        }
        k = k + 1;
    }
    steps[0] = k;
}

template void decay<double>(double* a, int n, float tol, int* steps);

// A time loop whose count is the caller's, a loop whose condition the host
// computes: one WHILE node whatever the count, with the swapped buffers,
// the step and the simulated time on the device; then three halvings the
// source fixes, unrolled into the graph.
#pragma qd kernel graph
void march(float* u, float* v, int n, int steps, float dt, float* time)
{
    float t = 0.0f;
    #pragma qd loop seq
    for (int step = 0; step < steps; ++step) {
        for (int i = 1; i < n - 1; ++i)
            v[i] = u[i] + dt * (u[i - 1] - 2.0f * u[i] + u[i + 1]) +
                   0.001f * static_cast<float>(step % 3);
        v[0] = u[0] + t;
        v[n - 1] = u[n - 1];
        float* w = u;
        u = v;
        v = w;
        t += dt;
    }
    #pragma qd loop seq
    for (int s = 0; s < 3; ++s)
        for (int i = 0; i < n; ++i)
            u[i] *= 0.5f;
    time[0] = t;
}

// A 'do' loop of the caller's count around a loop of the same count: the
// inner one is recorded into the node's body, once per round.
#pragma qd kernel graph
void rounds_of(float* a, int n, int rounds, int* done)
{
    int k = 0;
    #pragma qd loop seq
    do {
        #pragma qd loop seq
        for (int s = 0; s < rounds; ++s)
            for (int i = 0; i < n; ++i)
                a[i] = a[i] * 0.5f + 1.0f;
        ++k;
    } while (k < rounds);
    done[0] = k;
}

// A library call in the body, marked 'reuse': captured once into the WHILE
// node's body, its copy runs in every iteration, in order with the loops.
#pragma qd kernel graph
void settle_with_copy(float* a, float* last, int n, float limit, int* steps)
{
    float top = 1e30f;
    int k = 0;
    #pragma qd loop seq
    while (top > limit) {
        top = 0.0f;
        #pragma qd loop reduction(max: top)
        for (int i = 0; i < n; ++i) {
            a[i] = a[i] * 0.5f;
            top = std::fmax(top, a[i]);
        }
        #pragma qd host reuse
        copy_async(last, a, n, qd::current_stream());
        for (int i = 0; i < n; ++i)
            a[i] = 0.5f * (a[i] + last[i]) + 0.01f;
        ++k;
    }
    steps[0] = k;
}

// A time loop as C textbooks write it: the counter and the swap's temporary
// declared at the top, the counter set by the loop's init. The temporary's
// value before the loop is never read, so graph mode gives its slot none.
#pragma qd kernel graph
void heat_c_style(double* u, double* unew, int n, int nsteps, double alpha)
{
    int step, i;
    double* tmp;
    #pragma qd loop seq
    for (step = 0; step < nsteps; step++) {
        for (i = 1; i < n - 1; i++)
            unew[i] = u[i] + alpha * (u[i + 1] + u[i - 1] - 2.0 * u[i]);
        tmp = u;
        u = unew;
        unew = tmp;
    }
}

// Host statements first in the body, as time loops often start: each runs
// on the GPU at its place, so the body's device code sees the new time.
#pragma qd kernel graph
void advance_until(float* u, float* v, int n, float t_end, float dt, float* out)
{
    float t = 0.0f;
    int steps = 0;
    #pragma qd loop seq
    while (t < t_end) {
        t += dt;
        ++steps;
        for (int i = 1; i < n - 1; ++i)
            v[i] = u[i] + dt * (u[i - 1] - 2.0f * u[i] + u[i + 1]) + 0.001f * t;
        v[0] = t;
        float* w = u;
        u = v;
        v = w;
    }
    out[0] = t;
    out[1] = static_cast<float>(steps);
}

// A host 'if' on the counter in the body, as solvers write "every k
// iterations": the counter is the GPU's, so the 'if' is a conditional IF
// node of the loop's body, tested by the GPU in each iteration. A host
// 'if' on a parameter alone stays the host's decision.
#pragma qd kernel graph
void relax_every(float* a, float* marks, int n, int every, float tol, int* steps)
{
    float top = 1e30f;
    int k = 0;
    #pragma qd loop seq
    while (top > tol) {
        top = 0.0f;
        #pragma qd loop reduction(max: top)
        for (int i = 0; i < n; ++i) {
            a[i] = a[i] * 0.75f;
            top = std::fmax(top, a[i]);
        }
        ++k;
        if (k % every == 0) {
            for (int i = 0; i < n; ++i)
                marks[i] += a[i];
            marks[0] += 1.0f;
        }
        if (n > 64)
            marks[1] += 0.5f;
    }
    steps[0] = k;
}

// A host 'if'/'else' on the counter: two IF nodes, the second on the
// negated condition, both tested before the first branch runs (which
// changes the counter's parity here). An 'else if' is an IF node in the
// 'else' node, and host statements in the branches run on the GPU there. A
// host 'if' on a parameter alone stays the host's decision, with the host
// statement in its branch on the GPU in every iteration.
#pragma qd kernel graph
void relax_alternating(float* a, float* marks, int n, float tol, int* counts)
{
    float top = 1e30f;
    int k = 0;
    int thirds = 0;
    int big = 0;
    #pragma qd loop seq
    while (top > tol) {
        top = 0.0f;
        #pragma qd loop reduction(max: top)
        for (int i = 0; i < n; ++i) {
            a[i] = a[i] * 0.75f;
            top = std::fmax(top, a[i]);
        }
        ++k;
        if (k % 4 == 0) {
            ++k;
            marks[0] += 1.0f;
        } else if (k % 3 == 0) {
            thirds += 2;
            for (int i = 0; i < n; ++i)
                marks[i] += a[i];
        } else {
            marks[1] += 1.0f;
        }
        if (n > 64)
            ++big;
        else
            big += 10;
    }
    counts[0] = k;
    counts[1] = thirds;
    counts[2] = big;
}

// The time of a step, declared in the body as serial code declares it: one
// GPU thread computes it into a slot in each iteration, and what follows
// reads it there (a second declaration from it, a loop, an 'if' that is an
// IF node), so the time loop stays one WHILE node.
#pragma qd kernel graph
void forced(float* u, float* v, int n, int nsteps, float dt, float* trace)
{
    #pragma qd loop seq
    for (int step = 0; step < nsteps; ++step) {
        const float t = static_cast<float>(step) * dt;
        const float amp = t > 1.0f ? 0.5f : t;
        for (int i = 0; i < n; ++i)
            v[i] = 0.5f * u[i] + amp * static_cast<float>(i % 3);
        if (t > 0.5f)
            trace[0] += t;
        float* tmp = u;
        u = v;
        v = tmp;
    }
    trace[1] = u[0];
}

// A time loop in the body of a loop the recording unrolls (three repeats):
// a WHILE node there would start every repeat from the host's 'u' and 'v',
// which the GPU swapped, so it is unrolled too. An odd step count shows it.
#pragma qd kernel graph
void repeat_march(float* u, float* v, int n, int nsteps)
{
    #pragma qd loop seq
    for (int rep = 0; rep < 3; ++rep) {
        #pragma qd loop seq
        for (int s = 0; s < nsteps; ++s) {
            for (int i = 0; i < n; ++i)
                v[i] = 0.5f * u[i] + 0.25f * static_cast<float>(rep + s);
            float* t = u;
            u = v;
            v = t;
        }
    }
}

// Implicit time stepping: a convergence loop in each step of a time loop of
// the caller's step count. Both are WHILE nodes, one in the other's body:
// the buffers both swap and the total both count live in one slot each,
// which the inner node does not set from the host's values; its own counter,
// declared in the step, starts from 0 in every step.
#pragma qd kernel graph
void implicit_steps(float* u, float* v, int n, int steps, float tol, int max_it, int* iters)
{
    int total = 0;
    #pragma qd loop seq
    for (int step = 0; step < steps; ++step) {
        float change = 1e30f;
        int it = 0;
        #pragma qd loop seq
        while (change > tol && it < max_it) {
            change = 0.0f;
            #pragma qd loop reduction(max: change)
            for (int i = 1; i < n - 1; ++i) {
                v[i] = 0.5f * u[i] + 0.25f * (u[i - 1] + u[i + 1]);
                change = std::fmax(change, std::fabs(v[i] - u[i]));
            }
            float* t = u;
            u = v;
            v = t;
            ++it;
            ++total;
        }
        iters[step] = it;
        for (int i = 0; i < n; ++i)
            u[i] += 0.01f * static_cast<float>(i % 5);
    }
    iters[steps] = total;
}

// After a convergence loop, a host 'if' on its counter (did it stop at the
// cap?) is an IF node of the call's graph, and its 'else' another: the GPU
// tests it, and the call still returns before the loop ends.
#pragma qd kernel graph
void settle_or_reset(float* a, int n, float tol, int max_it, int* flags)
{
    float top = 1e30f;
    int it = 0;
    #pragma qd loop seq
    while (top > tol && it < max_it) {
        top = 0.0f;
        #pragma qd loop reduction(max: top)
        for (int i = 0; i < n; ++i) {
            a[i] = a[i] * 0.5f;
            top = std::fmax(top, a[i]);
        }
        ++it;
    }
    if (it == max_it) {
        for (int i = 0; i < n; ++i)
            a[i] = -1.0f;
        flags[0] = 1;
    } else {
        flags[1] = it;
    }
}
