// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LongDoubleOnDevice.h - 'long double' in GPU code ----------*- C++ -*-===//
//
// CUDA and HIP compute 'long double' as 'double' in device code (nvcc warns
// 20208-D), so a kernel that computes in it would not compute what its
// serial build computes. The cpu target keeps it.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_ANALYSIS_DEVICE_LONGDOUBLEONDEVICE_H
#define QD_TRANSLATOR_ANALYSIS_DEVICE_LONGDOUBLEONDEVICE_H

#include "analysis/KernelModel.h"
#include "clang/AST/ASTContext.h"
#include <vector>

namespace qd {

/// Reports the first value of type 'long double' (or a complex of it) in
/// each kernel's device code and in each function device code calls
/// (\p DeviceFunctions). Returns false if it reported any.
bool checkNoLongDoubleOnDevice(
    const std::vector<KernelPlan> &Plans,
    const std::vector<const clang::FunctionDecl *> &DeviceFunctions,
    clang::ASTContext &Context);

} // namespace qd

#endif // QD_TRANSLATOR_ANALYSIS_DEVICE_LONGDOUBLEONDEVICE_H
