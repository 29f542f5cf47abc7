// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- VectorLoopAnalysis.h - '#pragma qd loop vector' loops ------*- C++ -*-===//
//
// Finds the inner vector loops of a parallel loop's body, checks them against
// SPEC section 1 ("Inner vector loops"), sorts the body's other statements
// into those every thread of a group runs and those one thread runs for the
// group, and chooses how the group's threads are laid out from where the
// vector loops' accesses fall.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_VECTORLOOPANALYSIS_H
#define QD_TRANSLATOR_VECTORLOOPANALYSIS_H

#include "analysis/KernelModel.h"
#include "pragmas/Directive.h"
#include "clang/AST/ASTContext.h"
#include <vector>

namespace qd {

struct VectorLoopContext {
  /// The parallel loop's innermost body, and the index neighbouring outer
  /// iterations differ in (the innermost one of a collapse).
  const clang::Stmt *Body = nullptr;
  /// The loop whose body it is.
  const clang::ForStmt *Parent = nullptr;
  const clang::VarDecl *OuterIndex = nullptr;
  const clang::FunctionDecl *Kernel = nullptr;
  /// Whether a 'block_dim' clause set the loop's block size; if not, a
  /// strided layout may choose it.
  bool BlockDimGiven = false;
};

/// Attaches the 'vector' directives among \p Directives that stand before
/// direct statements of the body (marking them consumed) and analyzes the
/// vector loops. Sets \p Loop.Vector when there is at least one, and may
/// change \p Loop.BlockDim when no clause gave it. Records each
/// vector loop's range in \p VectorRanges (with its pragma's name), so that a
/// misplaced 'vector' inside one can be explained. Returns false on error.
bool analyzeVectorLoops(
    const VectorLoopContext &VC, DirectiveList &Directives,
    clang::ASTContext &Context, Step &Loop,
    std::vector<std::pair<clang::SourceRange, clang::SourceLocation>>
        &VectorRanges);

} // namespace qd

#endif
