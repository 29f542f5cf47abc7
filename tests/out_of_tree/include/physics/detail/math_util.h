// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// physics/detail/math_util.h: scalar helpers of the vector library. Included
// by physics/vec.h, never directly by the application.
//
// Plain C++: no CUDA, HIP or qd attribute. Device code reaches these only
// through physics::Vec3's members (Vec3::length2 calls square), which is what
// this out-of-tree project checks: qd-translate must follow calls into a
// header included from a header.
#pragma once

namespace physics {
namespace detail {

inline float square(float v) { return v * v; }

// The sum of three squares, in a fixed order (x, then y, then z).
inline float sum_of_squares(float x, float y, float z)
{
    return square(x) + square(y) + square(z);
}

} // namespace detail
} // namespace physics
