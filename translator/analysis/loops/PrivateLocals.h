// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- PrivateLocals.h - Per-iteration copies of kernel locals ----*- C++ -*-===//
//
// SPEC section 1, "Private locals": a local declared at the top level of a
// kernel without an initializer ('double r, stencil[4];'), which a loop body
// or serial task writes, is that device code's own copy, as OpenACC's
// 'private' makes it. The copy starts with no value, so the device code must
// write it before it reads it.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_PRIVATELOCALS_H
#define QD_TRANSLATOR_PRIVATELOCALS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"

namespace qd {

/// Whether \p Var may be a private local: a kernel local without an
/// initializer, of scalar type or a fixed-size array of scalars.
bool isPrivatizableLocal(const clang::VarDecl *Var);

/// The first reference in \p Code that may read \p Var before \p Code wrote
/// it, or null. Evaluation order is followed ('x = x + 1' reads first). An
/// array counts as written once any element is. Both branches of an 'if'
/// or '?:' must write; a write in a nested loop's body counts after the
/// loop, as the serial program's loops that fill a local run at least once;
/// a write in a 'switch' does not count after it. Passing the variable to a
/// call that may change it (non-const reference or pointer), taking its
/// address or binding a reference to it counts as a write.
const clang::DeclRefExpr *findReadBeforeWrite(const clang::Stmt *Code,
                                              const clang::VarDecl *Var);

/// How \p Code uses \p Var, by the rules of findReadBeforeWrite: its first
/// read before a write (null if none), and whether it certainly writes it.
struct CodeUse {
  const clang::DeclRefExpr *ReadFirst = nullptr;
  bool Written = false;
};
CodeUse useInCode(const clang::Stmt *Code, const clang::VarDecl *Var);

/// Reports a host read at \p Loc of \p Var, which the loop or serial task
/// \p Where made private.
void reportPrivatizedRead(clang::DiagnosticsEngine &Diags,
                          const clang::SourceManager &SM,
                          clang::SourceLocation Loc, const clang::VarDecl *Var,
                          const clang::Stmt *Where);

} // namespace qd

#endif
