//===- LoopForm.h - Recognizes canonical parallel 'for' loops -----*- C++ -*-===//
#ifndef QD_TRANSLATOR_LOOPFORM_H
#define QD_TRANSLATOR_LOOPFORM_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <string>

namespace qd {

/// 'for (I Var = Begin; Var < End; ++Var) Body', or '<=' (Inclusive).
struct LoopForm {
  const clang::ForStmt *For = nullptr;
  const clang::VarDecl *Var = nullptr;
  const clang::Expr *Begin = nullptr;
  const clang::Expr *End = nullptr;
  bool Inclusive = false;
  const clang::Stmt *Body = nullptr;
};

/// Why a loop is not canonical, and where.
struct LoopFormMismatch {
  clang::SourceLocation Loc;
  std::string Reason;
};

/// Matches \p For against the canonical forms of SPEC section 1: the init
/// declares one integer variable, the condition is 'i < e' or 'i <= e', the
/// increment is '++i', 'i++' or 'i += 1'. Works on template patterns, where
/// operators on dependent types are still unresolved.
/// Returns false and fills \p Mismatch if the loop is not canonical.
bool matchCanonicalLoop(const clang::ForStmt *For, LoopForm &Form,
                        LoopFormMismatch &Mismatch);

} // namespace qd

#endif
