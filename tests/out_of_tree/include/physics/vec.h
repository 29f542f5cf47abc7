// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// physics/vec.h: the application's small 3-vector library.
//
// Ordinary C++17 shared by host code and kernel loop bodies. Nothing here
// carries a CUDA, HIP or qd attribute: qd-translate writes translated copies
// of what device code needs (members, operators, the constructor, free
// functions, templates) next to the generated source, and leaves this file
// alone. Classic include guards here, '#pragma once' in detail/math_util.h:
// both styles occur in real projects.
#ifndef PHYSICS_VEC_H
#define PHYSICS_VEC_H

#include "detail/math_util.h"

#include <algorithm>

namespace physics {

// Trivially copyable, so it can live in a qd::Buffer and be passed to a kernel
// by value or by const reference.
struct Vec3 {
    float x, y, z;

    Vec3() = default;
    Vec3(float x_, float y_, float z_) : x(x_), y(y_), z(z_) {}

    float length2() const { return detail::sum_of_squares(x, y, z); }

    Vec3 operator+(const Vec3& o) const { return Vec3(x + o.x, y + o.y, z + o.z); }
    Vec3 operator-(const Vec3& o) const { return Vec3(x - o.x, y - o.y, z - o.z); }
    Vec3 operator*(float s) const { return Vec3(x * s, y * s, z * s); }
};

inline Vec3 operator*(float s, const Vec3& v) { return v * s; }

inline Vec3 add(const Vec3& a, const Vec3& b) { return a + b; }

inline Vec3 scale(const Vec3& v, float s) { return s * v; }

inline float dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

// Each component clamped to [lo, hi].
inline Vec3 clamp(const Vec3& v, float lo, float hi)
{
    return Vec3(std::min(std::max(v.x, lo), hi),
                std::min(std::max(v.y, lo), hi),
                std::min(std::max(v.z, lo), hi));
}

// Linear interpolation, for any T with +, - and * by a float.
template <class T>
T mix(const T& a, const T& b, float t)
{
    return a + (b - a) * t;
}

} // namespace physics

#endif // PHYSICS_VEC_H
