// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// inc/unused.h: included by the kernel file, but only host code calls it, so
// no translated copy of it is needed.
#pragma once

inline int host_only_count(int n) { return n * 2; }
