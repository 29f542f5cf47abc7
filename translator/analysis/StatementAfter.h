// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- StatementAfter.h - The statement a directive marks --------*- C++ -*-===//
#ifndef QD_TRANSLATOR_ANALYSIS_STATEMENTAFTER_H
#define QD_TRANSLATOR_ANALYSIS_STATEMENTAFTER_H

#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

namespace qd {

/// The statement in \p Body (at any depth) that starts first after \p Loc,
/// a file location such as a directive's: the statement the directive
/// marks. Locations in macro expansions count where the expansion is.
/// Null if none does.
const clang::Stmt *statementAfter(const clang::Stmt *Body,
                                  clang::SourceLocation Loc,
                                  const clang::SourceManager &SM);

} // namespace qd

#endif // QD_TRANSLATOR_ANALYSIS_STATEMENTAFTER_H
