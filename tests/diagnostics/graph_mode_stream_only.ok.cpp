// Graph mode for the kernel without host code; the one with host code in
// stream mode, as written.
#include <qd/qd.h>

void snapshot(float* copy, const float* a, int n, qd::StreamRef stream); // the user's library

#pragma qd kernel
void scale(float* a, float* copy, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] *= 2.0f;
    #pragma qd host
    snapshot(copy, a, n, qd::current_stream());
}

#pragma qd kernel graph
void step(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] += 1.0f;
}
