// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DeviceLibrary.h - Library functions usable in device code -*- C++ -*-===//
//
// qd-translate parses as plain C++, so it cannot see which functions of the
// system headers nvcc and hipcc accept in device code. This is what they
// accept, for what the translator must decide before nvcc does: constexpr
// functions (nvcc with --expt-relaxed-constexpr, clang's HIP mode by
// default), the math functions of <cmath>/<math.h> in std and the global
// namespace, and the few C functions both vendors provide on the device.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_DEVICELIBRARY_H
#define QD_TRANSLATOR_DEVICELIBRARY_H

#include "clang/AST/Decl.h"

namespace qd {

/// True if \p FD, declared in a system header, has a device version.
bool hasDeviceVersion(const clang::FunctionDecl *FD);
/// True if \p FD is one of the math and C functions that both vendors
/// declare for the device. A constexpr function that is not has a device
/// version only through nvcc's --expt-relaxed-constexpr (hipcc needs none).
bool hasLibraryDeviceVersion(const clang::FunctionDecl *FD);

/// True if \p FD is marked QD_HOST_DEVICE (qd-translate sees the annotation
/// the macro expands to while it parses).
bool isMarkedHostDevice(const clang::FunctionDecl *FD);

} // namespace qd

#endif
