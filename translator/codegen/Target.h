// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Target.h - The output languages qd-translate writes --------*- C++ -*-===//
//
// Everything that differs between --target=cuda, hip and cpu outside the
// templates themselves: names, file suffixes, which template directory a
// target renders from, and the vendor spelling of its runtime calls. Keeping
// these in one table makes adding a target a matter of one row and one
// template directory.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_TARGET_H
#define QD_TRANSLATOR_TARGET_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace qd {

enum class Target { Cuda, Hip, Cpu };

struct TargetInfo {
  /// The --target spelling; also named in the output's header comment.
  llvm::StringRef Name;
  /// templates/<TemplateDir>/. CUDA and HIP share "gpu": their generated code
  /// has the same shape and differs only in the vendor prefix below.
  llvm::StringRef TemplateDir;
  /// Prefix of vendor runtime calls in generated code ("cuda" for
  /// cudaGetLastError); empty for the cpu target, which calls none.
  llvm::StringRef ApiPrefix;
  /// What --out-dir appends to the source's stem. The cpu suffix is not
  /// plain ".cpp" so that an output never takes the name of its source.
  llvm::StringRef OutputSuffix;
  /// Whether functions called from device code must be made
  /// '__host__ __device__'. Plain C++ does not know these attributes.
  bool DeviceAttributes;
};

const TargetInfo &targetInfo(Target T);

/// The output's file name for \p Source without -o: its stem and the target's
/// suffix ("dir/saxpy.cpp" -> "saxpy.cu", "saxpy.hip", "saxpy.cpu.cpp").
std::string outputFileName(llvm::StringRef Source, Target T);

} // namespace qd

#endif
