// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Pass the bounds as scalar parameters, or a struct by value or 'const&'
// (the host reads it), and copy device-side counts to the host first if
// they are needed as bounds.
#include <array>
#include <iterator>

struct Range {
    int first;
    int last;
};

#pragma qd kernel
void compact(float* out, const float* in, int count, const Range& r)
{
    for (int i = 0; i < count; ++i)
        out[i] = in[i];
    for (int i = r.first; i <= r.last; ++i)
        out[i] *= 2.0f;
}

#pragma qd kernel
void rows(float* out, int width, int h)
{
    #pragma qd loop collapse(2)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < width; ++x)
            out[y * 64 + x] = 0.0f;
}

// A struct or 'std::array' of numbers is the host's copy: its members, its
// elements and its const member functions are host values, nested too.
struct Bounds {
    std::array<int, 2> range;
    int lo[2];
    struct {
        std::array<std::array<int, 2>, 2> pairs;
    } inner;
};

#pragma qd kernel
void spans(float* out, const Bounds& r, Bounds b)
{
    for (int i = r.range[0]; i < r.range[1]; ++i)
        out[i] = 0.0f;
    for (int i = 0; i < static_cast<int>(r.range.size()); ++i)
        out[i] += 1.0f;
    for (int i = r.lo[0]; i < r.lo[1]; ++i)
        out[i] += 2.0f;
    for (int i = 0; i < static_cast<int>(std::size(r.lo)); ++i)
        out[i] += 2.5f;
    for (int i = b.inner.pairs[1][0]; i < b.inner.pairs[1].back(); ++i)
        out[i] += 3.0f;
    int first = r.range.front(), last = b.range.at(1);
    for (int i = first; i < last; ++i)
        out[i] += 4.0f;
}
