// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The largest and smallest value kept as serial code keeps them: 'if (e >
// v) v = e;' and 'v = v < e ? e : v' under 'reduction(max: v)' or
// 'reduction(min: v)', on floats and ints, in a function template, and in
// a loop whose condition the GPU computes.

#pragma qd kernel
void extremes(const float* a, const int* b, int n, float* out, int* counts)
{
    float top = -1e30f;
    float bottom = 1e30f;
    int most = -1000000;
    int least = 1000000;
    #pragma qd loop reduction(max: top, most) reduction(min: bottom, least)
    for (int i = 0; i < n; ++i) {
        if (a[i] > top)
            top = a[i];
        if (bottom > a[i]) {
            bottom = a[i];
        }
        most = b[i] > most ? b[i] : most;
        least = least <= b[i] ? least : b[i];
    }
    out[0] = top;
    out[1] = bottom;
    counts[0] = most;
    counts[1] = least;
}

#pragma qd kernel
template <class T>
void largest(const T* a, int n, T* out)
{
    T top = T(-1000000);
    #pragma qd loop reduction(max: top)
    for (int i = 0; i < n; ++i)
        if (a[i] > top)
            top = a[i];
    out[0] = top;
}

template void largest<float>(const float*, int, float*);
template void largest<int>(const int*, int, int*);

// Jacobi with its largest update kept by an 'if'.
#pragma qd kernel
void smooth(float* u, float* v, int n, float tol, int* sweeps)
{
    float change = 1e30f;
    int s = 0;
    #pragma qd loop seq
    while (change > tol && s < 500) {
        change = 0.0f;
        #pragma qd loop reduction(max: change)
        for (int i = 1; i < n - 1; ++i) {
            v[i] = 0.5f * (u[i - 1] + u[i + 1]);
            const float d = v[i] > u[i] ? v[i] - u[i] : u[i] - v[i];
            if (d > change)
                change = d;
        }
        for (int i = 1; i < n - 1; ++i)
            u[i] = v[i];
        ++s;
    }
    sweeps[0] = s;
}
