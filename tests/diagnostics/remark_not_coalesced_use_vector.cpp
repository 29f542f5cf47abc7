// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// y = A x with one row per thread: in each step of the loop over 'j',
// neighbouring threads read 'A' a whole row apart, so every load of a warp
// touches 32 different cache lines. Making the loop over 'j' an inner vector
// loop gives each row to a group of threads that read neighbouring 'j'
// together; its sum into 't' becomes the loop's 'reduction'.
#pragma qd kernel
void gemv(float* y, const float* A, const float* x, int n)
{
    for (int i = 0; i < n; ++i) { // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
        float t = 0;
        for (int j = 0; j < n; ++j)
            t += A[i * n + j] * x[j]; // expected-remark {{'A[i * n + j]' reads addresses 4 * n bytes apart in neighbouring threads, so its loads do not coalesce; make the loop over 'j' a '#pragma qd loop vector reduction(+: t)' loop so that neighbouring threads take neighbouring 'j'}}
        y[i] = t;
    }
}

// The clause names each local the loop combines into, with its operator:
// a count kept by '++' is a sum, a running maximum by 'std::max' a max.
namespace std {
template <class T> const T& max(const T& a, const T& b) { return a < b ? b : a; }
}

#pragma qd kernel
void row_stats(float* top, int* hits, const float* A, int n)
{
    for (int i = 0; i < n; ++i) { // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
        float m = A[i * n]; // expected-remark {{'A[i * n]' reads addresses 4 * n bytes apart in neighbouring threads, so its loads do not coalesce}}
        int c = 0;
        for (int j = 0; j < n; ++j) {
            m = std::max(m, A[i * n + j]); // expected-remark {{'A[i * n + j]' reads addresses 4 * n bytes apart in neighbouring threads, so its loads do not coalesce; make the loop over 'j' a '#pragma qd loop vector reduction(max: m) reduction(+: c)' loop so that neighbouring threads take neighbouring 'j'}}
            if (A[i * n + j] > 0.f) // expected-remark {{'A[i * n + j]' reads addresses 4 * n bytes apart in neighbouring threads, so its loads do not coalesce; make the loop over 'j' a '#pragma qd loop vector reduction(max: m) reduction(+: c)' loop so that neighbouring threads take neighbouring 'j'}}
                ++c;
        }
        top[i] = m;
        hits[i] = c;
    }
}

// A loop that reads its running sum, or hands it to a function, is no
// reduction: no vector loop is suggested, only the reason the reads do not
// coalesce.
void note(float& v);

#pragma qd kernel
void running(float* y, const float* A, float cap, int n)
{
    for (int i = 0; i < n; ++i) { // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
        float t = 0;
        for (int j = 0; j < n; ++j) {
            t += A[i * n + j]; // expected-remark {{'A[i * n + j]' reads addresses 4 * n bytes apart in neighbouring threads, so its loads do not coalesce}}
            if (t > cap)
                y[i * n + j] = cap; // expected-remark {{'y[i * n + j]' writes addresses 4 * n bytes apart in neighbouring threads, so its stores do not coalesce}}
        }
        y[i] = t;
    }
}
