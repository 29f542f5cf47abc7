// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ResourceDir.h - Finds clang's builtin headers --------------*- C++ -*-===//
//
// A LibTooling tool parses with clang's own headers (stddef.h, stdarg.h, ...)
// from a "resource directory" that clang finds next to its binary. Ours is
// not next to clang, which is the classic cause of "'stddef.h' file not
// found" in clang tools; so look for it explicitly.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_RESOURCEDIR_H
#define QD_TRANSLATOR_RESOURCEDIR_H

#include <optional>
#include <string>
#include <vector>

namespace qd {

/// The directories searched, in order, for the tool at \p ExecutablePath.
std::vector<std::string> resourceDirCandidates(const std::string &ExecutablePath);

/// The first candidate that holds include/stddef.h.
std::optional<std::string> findResourceDir(const std::string &ExecutablePath);

/// The directory holding qd/qd.h for the tool at \p ExecutablePath, so that
/// annotated sources including <qd/qd.h> parse without extra flags.
std::optional<std::string> findQdIncludeDir(const std::string &ExecutablePath);

} // namespace qd

#endif
