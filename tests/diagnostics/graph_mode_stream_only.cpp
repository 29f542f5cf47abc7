// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Graph mode runs a loop whose condition the GPU computes as a conditional
// node only when nothing but the GPU works between its iterations: such
// kernels, and the kernels that call them, run in stream mode, with the
// same results, and the note says why.
#include <qd/qd.h>

#include <algorithm>

// A loop that needs the host between its iterations keeps its kernel in
// stream mode, and the kernels that call it.
#pragma qd kernel
void settle(float* a, int n, float tol, int* marks)
{
    float top = 1e30f;
    int k = 0;
    #pragma qd loop seq
    while (top > tol && k < 10) {
        top = 0.0f;
        #pragma qd loop reduction(max: top)
        for (int i = 0; i < n; ++i) {
            a[i] = 0.5f * a[i];
            top = std::max(top, a[i]);
        }
        ++k;
    }
    for (int i = 0; i < k; ++i)
        marks[i] = 1;
}

#pragma qd kernel graph // expected-warning {{kernel 'step' runs in stream mode, not as a graph: graph mode runs a loop whose condition the GPU computes as a conditional node only on CUDA and in the forms the pragma reference lists; its results are the same, only each launch costs what it costs in stream mode}}
void step(float* a, int n, float tol, int* marks)
{
    for (int i = 0; i < n; ++i)
        a[i] += 1.0f;
    settle(a, n, tol, marks); // expected-note {{call of a kernel that runs only in stream mode here}}
}

// A host statement in a 'switch' of the body: whether it runs is the
// host's decision, between the body's launches.
#pragma qd kernel graph // expected-warning {{kernel 'converge' runs in stream mode, not as a graph}}
void converge(float* a, int n, float tol)
{
    float top = 1e30f;
    float step = 0.5f;
    #pragma qd loop seq
    while (top > tol) { // expected-note {{loop whose condition reads a reduction's result here: a host statement in a 'switch' or stream_parallel block of the loop's body (line 56)}}
        top = 0.0f;
        #pragma qd loop reduction(max: top)
        for (int i = 0; i < n; ++i) {
            a[i] = step * a[i];
            top = std::max(top, a[i]);
        }
        switch (n) {
        case 4:
            step = step * 0.5f;
            break;
        default:
            break;
        }
        for (int i = 0; i < n; ++i)
            a[i] += step;
    }
}

// The host reads the iteration count after the loop, in a branch of an
// 'if' that would otherwise be an IF node of the graph.
#pragma qd kernel graph // expected-warning {{kernel 'count_steps' runs in stream mode, not as a graph}}
void count_steps(float* a, int n, float tol, int* marks)
{
    float top = 1e30f;
    int k = 0;
    #pragma qd loop seq
    while (top > tol && k < 10) { // expected-note {{loop whose condition reads a reduction's result here: the host reads 'k' after the loop, and the GPU has its value}}
        top = 0.0f;
        #pragma qd loop reduction(max: top)
        for (int i = 0; i < n; ++i) {
            a[i] = 0.5f * a[i];
            top = std::max(top, a[i]);
        }
        ++k;
    }
    if (k > 5) {
        for (int i = 0; i < k; ++i)
            marks[i] = k;
    }
}

// The GPU would call a function of the user's between iterations.
int next_count(int k);

#pragma qd kernel graph // expected-warning {{kernel 'call_between' runs in stream mode, not as a graph}}
void call_between(float* a, int n, float tol)
{
    float top = 1e30f;
    int k = 0;
    #pragma qd loop seq
    while (top > tol && k < 10) { // expected-note {{loop whose condition reads a reduction's result here: the GPU would call 'next_count' between iterations}}
        top = 0.0f;
        #pragma qd loop reduction(max: top)
        for (int i = 0; i < n; ++i) {
            a[i] = 0.5f * a[i];
            top = std::max(top, a[i]);
        }
        k = next_count(k);
    }
}

// A convergence loop in each of three steps, which the recording unrolls
// (a few fixed trips): every step's node would start from the host's 'u' and
// 'v', which the GPU swapped in the steps before. (With a step count the
// caller gives, the time loop is a WHILE node around the other.)
#pragma qd kernel graph // expected-warning {{kernel 'implicit_steps' runs in stream mode, not as a graph}}
void implicit_steps(float* u, float* v, int n, float tol, int* iters)
{
    #pragma qd loop seq
    for (int step = 0; step < 3; ++step) {
        float change = 1e30f;
        int it = 0;
        #pragma qd loop seq
        while (change > tol && it < 50) { // expected-note {{loop whose condition reads a reduction's result here: it is in the body of the 'loop seq' loop at line 117, whose next trip would start it from the host's value of 'u', which the GPU changed}}
            change = 0.0f;
            #pragma qd loop reduction(max: change)
            for (int i = 1; i < n - 1; ++i) {
                v[i] = 0.5f * (u[i - 1] + u[i + 1]);
                change = std::max(change, v[i] - u[i]);
            }
            float* t = u;
            u = v;
            v = t;
            ++it;
        }
        iters[step] = it;
    }
}
