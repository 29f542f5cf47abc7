// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoopForm.h - Recognizes canonical parallel 'for' loops -----*- C++ -*-===//
#ifndef QD_TRANSLATOR_LOOPFORM_H
#define QD_TRANSLATOR_LOOPFORM_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <cstdint>
#include <optional>
#include <string>

namespace qd {

/// 'for (I Var = Begin; Var < End; ++Var) Body', or '<=' (Inclusive), or
/// counting down with '>'/'>=' (Descending), with a step other than 1
/// ('+= Step', '-= Step'), or with a variable declared earlier and assigned
/// by the init (Assigned).
struct LoopForm {
  const clang::ForStmt *For = nullptr;
  const clang::VarDecl *Var = nullptr;
  const clang::Expr *Begin = nullptr;
  const clang::Expr *End = nullptr;
  bool Inclusive = false;
  /// The 'c' of 'i += c' or 'i -= c' as written, a positive host value;
  /// null for a step of 1.
  const clang::Expr *Step = nullptr;
  bool Descending = false;
  /// 'for (i = begin; ...)' on a local declared before the loop.
  bool Assigned = false;
  const clang::Stmt *Body = nullptr;

  /// Whether the iterations are not begin, begin + 1, ...: the generated
  /// code then maps a thread's counter through a step.
  bool strided() const { return Step || Descending; }
};

/// Why a loop is not canonical, and where.
struct LoopFormMismatch {
  clang::SourceLocation Loc;
  std::string Reason;
};

/// Matches \p For against the canonical forms of SPEC section 1: the init
/// declares one integer variable or assigns a local one declared earlier;
/// the condition is 'i < e' or 'i <= e' counting up, 'i > e' or 'i >= e'
/// counting down; the increment is '++i', 'i++', 'i += c' or 'i = i + c'
/// counting up, '--i', 'i--', 'i -= c' or 'i = i - c' counting down, with
/// 'c' positive. Works on template patterns, where operators on dependent
/// types are still unresolved.
/// Returns false and fills \p Mismatch if the loop is not canonical.
bool matchCanonicalLoop(const clang::ForStmt *For, LoopForm &Form,
                        LoopFormMismatch &Mismatch);

/// How many iterations a host 'for' loop of a canonical form runs, when
/// its bounds and step are constants the translator can evaluate and its
/// body cannot change its variable; std::nullopt otherwise.
std::optional<std::uint64_t> constantTripCount(const clang::Stmt *Loop);

/// A host-value loop of at most this many iterations, a constant, is
/// unrolled into a graph-mode call's graph rather than becoming a
/// conditional node (docs/pragmas.md, decisions).
constexpr std::uint64_t kMaxUnrolledTrips = 16;

} // namespace qd

#endif
