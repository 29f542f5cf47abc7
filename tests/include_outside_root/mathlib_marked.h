// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The same library function, marked device-capable by its authors.
#pragma once
#include <qd/detail/config.h>
QD_HOST_DEVICE inline float soft_clip(float v) { return v / (1.0f + (v < 0 ? -v : v)); }
