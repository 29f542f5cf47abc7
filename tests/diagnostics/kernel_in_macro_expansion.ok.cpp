// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A macro that holds one kernel's directive and definition, and a kernel
// whose signature comes from a macro: both translate, the signature with
// its macro expanded.
#define FILL_KERNEL(name, value)                                    \
    _Pragma("qd kernel") void name(float* p, int n) {               \
        for (int i = 0; i < n; ++i) p[i] = value;                   \
    }
#define SCALE_SIGNATURE(name) void name(float* p, int n, float s)

FILL_KERNEL(fill_ones, 1.0f)
FILL_KERNEL(fill_twos, 2.0f)

#pragma qd kernel
SCALE_SIGNATURE(scale)
{
    for (int i = 0; i < n; ++i)
        p[i] *= s;
}
