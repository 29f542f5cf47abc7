// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Target.cpp ---------------------------------------------------------===//
#include "codegen/Target.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Path.h"

namespace qd {

const TargetInfo &targetInfo(Target T) {
  static const TargetInfo Cuda{"cuda", "gpu", "cuda", ".cu", true};
  static const TargetInfo Hip{"hip", "gpu", "hip", ".hip", true};
  static const TargetInfo Cpu{"cpu", "cpu", "", ".cpu.cpp", false};
  switch (T) {
  case Target::Cuda:
    return Cuda;
  case Target::Hip:
    return Hip;
  case Target::Cpu:
    return Cpu;
  }
  llvm_unreachable("unknown target");
}

std::string outputFileName(llvm::StringRef Source, Target T) {
  return (llvm::sys::path::stem(Source) + targetInfo(T).OutputSuffix).str();
}

} // namespace qd
