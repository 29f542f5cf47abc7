//===- OutputFile.h - Writes outputs atomically -------------------*- C++ -*-===//
#ifndef QD_TRANSLATOR_OUTPUTFILE_H
#define QD_TRANSLATOR_OUTPUTFILE_H

#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace qd {

/// Writes \p Content to \p Path through a temporary file in the same
/// directory and a rename, so a reader (or an interrupted build) never sees a
/// partial file. "-" means standard output.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Content);

/// A Make-style dependency file: "Target: Dep1 Dep2 ...".
std::string makeDependencyFile(llvm::StringRef Target,
                               const std::vector<std::string> &Dependencies);

} // namespace qd

#endif
