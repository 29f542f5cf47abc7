// Graph mode does not capture host code or run loops whose condition the
// GPU computes yet: such kernels run in stream mode, with the same results.
#include <qd/qd.h>

#include <algorithm>

void snapshot(float* copy, const float* a, int n, qd::StreamRef stream); // the user's library

#pragma qd kernel
void scale(float* a, float* copy, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] *= 2.0f;
    #pragma qd host
    snapshot(copy, a, n, qd::current_stream());
}

#pragma qd kernel graph // expected-warning {{kernel 'step' runs in stream mode, not as a graph: graph mode does not capture '#pragma qd host' statements or run loops whose condition the GPU computes yet; its results are the same, only each launch costs what it costs in stream mode}}
void step(float* a, float* copy, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] += 1.0f;
    scale(a, copy, n); // expected-note {{call of a kernel that runs only in stream mode here}}
}

#pragma qd kernel graph // expected-warning {{kernel 'report' runs in stream mode, not as a graph}}
void report(float* a, float* copy, int n)
{
    #pragma qd host
    snapshot(copy, a, n, qd::current_stream()); // expected-note {{'#pragma qd host' statement here}}
}

#pragma qd kernel graph // expected-warning {{kernel 'converge' runs in stream mode, not as a graph}}
void converge(float* a, int n, float tol)
{
    float top = 1e30f;
    #pragma qd loop seq
    while (top > tol) { // expected-note {{loop whose condition reads a reduction's result here}}
        top = 0.0f;
        #pragma qd loop reduction(max: top)
        for (int i = 0; i < n; ++i) {
            a[i] = 0.5f * a[i];
            top = std::max(top, a[i]);
        }
    }
}
