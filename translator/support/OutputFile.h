// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- OutputFile.h - Writes outputs atomically -------------------*- C++ -*-===//
#ifndef QD_TRANSLATOR_OUTPUTFILE_H
#define QD_TRANSLATOR_OUTPUTFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace qd {

/// A file to write besides the main output.
struct ExtraOutput {
  std::string Path;
  std::string Content;
};

/// Writes every one of \p Files or none of them: each goes to a temporary
/// file next to its destination first, and they are renamed into place only
/// once all were written, so a failure (a missing directory, a full disk)
/// leaves every earlier output as it was. On failure \p FailedPath names the
/// file that could not be written.
llvm::Error writeFilesAtomically(llvm::ArrayRef<ExtraOutput> Files,
                                 std::string &FailedPath);

/// A Make-style dependency file: "Target: Dep1 Dep2 ...".
std::string makeDependencyFile(llvm::StringRef Target,
                               const std::vector<std::string> &Dependencies);

} // namespace qd

#endif
