// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Globals.h - Namespace-scope variables in device code -------*- C++ -*-===//
//
// SPEC section 1, "Globals": device code may use a namespace-scope constant
// of literal type; a namespace-scope variable it reads otherwise is read on
// the host when the call is enqueued and passed by value, like a host
// scalar. A non-const array is used through the device copy that a data
// region makes (DataDirectives.h), found when the call is enqueued. Writes
// to any other global are errors on every target, so that a program the cpu
// target accepts also compiles with nvcc and hipcc.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_GLOBALS_H
#define QD_TRANSLATOR_GLOBALS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace qd {

enum class GlobalUse {
  /// Not a namespace-scope variable (or static data member).
  NotGlobal,
  /// A constexpr scalar, or a const integer with a constant initializer:
  /// every compiler lets device code read its value where it is.
  Direct,
  /// Read on the host at the call and passed by value: a scalar, pointer or
  /// struct, or a const array (passed as qd::detail::ArrayValue).
  ByValue,
  /// A non-const array, or one of unknown size: its elements live in host
  /// memory, so device code uses its present device copy
  /// (qd::detail::present_global), whose elements it may change.
  HostArray,
};

GlobalUse classifyGlobal(const clang::VarDecl *Var,
                         const clang::ASTContext &Context);

} // namespace qd

#endif
