// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A library header outside the input root of tests/diagnostics, without
// device markings: qd-translate does not translate it.
#pragma once
inline float soft_clip(float v) { return v / (1.0f + (v < 0 ? -v : v)); }
