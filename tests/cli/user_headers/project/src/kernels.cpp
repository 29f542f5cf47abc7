// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// kernels.cpp: a kernel whose loop body calls a helper of inc/vec.h, which
// calls one of inc/detail/util.h; host code in this file calls the kernel's
// stream entry point, which kernels.qd.h (generated, --header) declares.
#include "kernels.qd.h"

#include "../inc/unused.h"
#include "../inc/vec.h"

#include <qd/qd.h>

#pragma qd kernel
void scaled_dots(const vm::Vec2* a, const vm::Vec2* b, float* out, float s, int n)
{
    for (int i = 0; i < n; ++i)
        out[i] = s * vm::dot(a[i], b[i]);
}

// Host code: the stream entry point, twice on the caller's stream.
int run_twice(const vm::Vec2* a, const vm::Vec2* b, float* out, float s, int n,
              qd::StreamRef stream)
{
    scaled_dots(a, b, out, s, n, stream);
    scaled_dots(a, b, out, s, n, stream);
    return host_only_count(n);
}
