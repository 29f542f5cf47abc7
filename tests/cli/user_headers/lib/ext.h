// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// lib/ext.h: a library's header, outside the input root ('project'), so
// qd-translate may not translate what it defines.
#pragma once

inline float ext_twice(float v) { return 2.0f * v; }
