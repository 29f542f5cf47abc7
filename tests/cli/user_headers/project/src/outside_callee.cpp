// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// outside_callee.cpp: device code calls vm::dot (a user header, under the
// input root) and ext_twice (lib/ext.h, outside it). The second is an error,
// so nothing may be written: no output, no entry-point header, no copies.
#include "../../lib/ext.h"
#include "../inc/vec.h"

#pragma qd kernel
void twice_dots(const vm::Vec2* a, const vm::Vec2* b, float* out, int n)
{
    for (int i = 0; i < n; ++i)
        out[i] = ext_twice(vm::dot(a[i], b[i]));
}
