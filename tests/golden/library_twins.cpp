// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Standard constexpr functions in device code: std::min, std::max,
// std::clamp and std::numeric_limits, in loop bodies, in a helper, in a
// template kernel on dependent operands, and through 'using'. The CUDA
// output calls their device twins, so a plain 'nvcc -std=c++17' build
// computes the serial result; hipcc and the cpu target keep them. With a
// comparator (issue 42): a function object of the file, by value or as a
// local of the loop body, a function template's specialization, a
// function, and lambdas written in the body; the comparator is called on
// the device, so it is '__host__ __device__' like any function device code
// calls (it was a host function: nvcc warned #20011-D, and the GPU hung).
// So is the '<' of a struct that std::max compares.
#include <algorithm>
#include <limits>

struct ByMagnitude {
    bool operator()(float a, float b) const { return magnitude(a) < magnitude(b); }
    static float magnitude(float v) { return v < 0.0f ? -v : v; }
};

struct Level {
    float v;
    bool operator<(const Level& other) const { return v < other.v; }
};

template <class T> struct Farther {
    bool operator()(T a, T b) const { return a * a > b * b; }
};

inline bool closer_to_one(float a, float b)
{
    return (a - 1.0f) * (a - 1.0f) < (b - 1.0f) * (b - 1.0f);
}

inline float limited(float v, float bound)
{
    return std::clamp(v, -bound, bound);
}

#pragma qd kernel
void library_twins(const float* in, float* out, float* lowest, int n)
{
    for (int i = 0; i < n; ++i) {
        const float v = std::max(in[i], 0.0f) + std::min({in[i], 1.0f, 2.0f});
        out[i] = limited(v, 0.75f);
    }
    float least = std::numeric_limits<float>::max();
    #pragma qd loop reduction(min: least)
    for (int i = 0; i < n; ++i) {
        using std::min;
        least = min(least, in[i]);
    }
    lowest[0] = least;
}

#pragma qd kernel
template <typename T>
void largest_of(const T* in, T* out, int n)
{
    T best = std::numeric_limits<T>::lowest();
    #pragma qd loop reduction(max: best)
    for (int i = 0; i < n; ++i)
        best = std::max<T>(best, in[i]);
    out[0] = best;
}

template void largest_of<double>(const double*, double*, int);

#pragma qd kernel
void compared(const float* a, const float* b, float* lo, float* hi, int n)
{
    for (int i = 0; i < n; ++i) {
        lo[i] = std::min(a[i], b[i], ByMagnitude{});
        hi[i] = std::max(a[i], b[i], ByMagnitude()) + std::max(Level{a[i]}, Level{0.5f}).v;
    }
    for (int i = 0; i < n; ++i) {
        const ByMagnitude by{};
        auto later = [](float x, float y) { return x > y; };
        lo[i] += std::min({a[i], b[i], 0.5f}, by) + std::min(a[i], b[i], later);
        hi[i] += std::clamp(a[i], -0.5f, 1.0f, by) +
                 std::max({a[i], b[i], -0.25f}, [](float x, float y) { return x < y; }) +
                 std::min(a[i], b[i], closer_to_one);
    }
}

#pragma qd kernel
template <typename T>
void farthest(const T* a, T* out, int n)
{
    for (int i = 0; i < n; ++i)
        out[i] = std::max(a[i], T(1), Farther<T>{}) +
                 std::min(a[i], T(-1), [](T x, T y) { return x * x < y * y; });
}

template void farthest<double>(const double*, double*, int);
