// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// inc/detail/util.h: a scalar helper in a nested namespace. Device code
// reaches it only through vm::dot in inc/vec.h, so qd-translate must follow
// the call into a header included from a header.
#pragma once

namespace vm {
namespace detail {

inline float mul_add(float a, float b, float c) { return a * b + c; }

} // namespace detail
} // namespace vm
