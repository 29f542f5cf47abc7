// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LibraryTwins.h - Standard calls renamed for plain nvcc -----*- C++ -*-===//
//
// nvcc treats a constexpr function of the host's standard library as host
// code. Without --expt-relaxed-constexpr a device call of std::min compiles
// with only a warning and returns a wrong value. The CUDA output calls
// '__host__ __device__' twins with the same definitions instead: qd's own
// for the algorithms (qd/minmax.h), libcu++'s numeric_limits,
// which ships with every CUDA toolkit. So a plain 'nvcc -std=c++17' build
// computes the serial result. hipcc and g++ need no renaming.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_LIBRARYTWINS_H
#define QD_TRANSLATOR_LIBRARYTWINS_H

#include "clang/AST/Expr.h"
#include <optional>
#include <string>

namespace qd {

/// The callee's name as written, and what names its twin.
struct LibraryRename {
  /// The standard name, for messages: 'std::min'.
  std::string Name;
  /// Token range: the qualifier through the name ('std::min',
  /// 'std::numeric_limits'), template arguments after it untouched.
  clang::SourceRange Range;
  std::string Replacement;
  /// The header that declares the twin, as '#include' spells it.
  std::string Header;
  /// In a function that device code calls, rather than in a kernel's own
  /// device code.
  bool InHelper = false;
};

/// The rename of a call's callee, if it has a twin: std::min, std::max,
/// std::clamp, and the static members of std::numeric_limits. Dependent
/// calls of a template's pattern are recognized too.
std::optional<LibraryRename> libraryTwin(const clang::CallExpr *Call);

} // namespace qd

#endif
