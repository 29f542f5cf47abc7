// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// inc/vec.h: a small 2-vector library, plain C++ without any attribute.
#ifndef VM_VEC_H
#define VM_VEC_H

#include "detail/util.h"

namespace vm {

struct Vec2 {
    float x, y;
};

inline float dot(const Vec2& a, const Vec2& b) { return detail::mul_add(a.x, b.x, a.y * b.y); }

} // namespace vm

#endif // VM_VEC_H
