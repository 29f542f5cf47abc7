// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- JumpScopeVisitor.h - Where a 'break' or 'continue' lands ---*- C++ -*-===//
//
// A RecursiveASTVisitor base for the checks that ask whether a jump inside a
// statement leaves it: the parallel loop body check, the serial task scan
// (KernelAnalysis.cpp) and coarsening (CoarsenAnalysis.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_JUMPSCOPEVISITOR_H
#define QD_TRANSLATOR_JUMPSCOPEVISITOR_H

#include "clang/AST/RecursiveASTVisitor.h"

namespace qd {

/// Counts the loops and switches around the node being visited, inside the
/// statement traversed: what a 'break' or 'continue' there stays inside.
/// Anything inside a lambda belongs to the lambda and is skipped.
template <class Derived>
class JumpScopeVisitor : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

public:
  bool TraverseLambdaExpr(clang::LambdaExpr *) { return true; }
  /// So is anything inside a class declared in the statement: a 'return'
  /// in its member function leaves only that function.
  bool TraverseCXXRecordDecl(clang::CXXRecordDecl *) { return true; }
  bool TraverseForStmt(clang::ForStmt *S) {
    return inside(true, [&] { return Base::TraverseForStmt(S); });
  }
  bool TraverseWhileStmt(clang::WhileStmt *S) {
    return inside(true, [&] { return Base::TraverseWhileStmt(S); });
  }
  bool TraverseDoStmt(clang::DoStmt *S) {
    return inside(true, [&] { return Base::TraverseDoStmt(S); });
  }
  bool TraverseCXXForRangeStmt(clang::CXXForRangeStmt *S) {
    return inside(true, [&] { return Base::TraverseCXXForRangeStmt(S); });
  }
  bool TraverseSwitchStmt(clang::SwitchStmt *S) {
    return inside(false, [&] { return Base::TraverseSwitchStmt(S); });
  }

protected:
  unsigned Breakable = 0, Continuable = 0;

private:
  template <class Traverse> bool inside(bool Loop, Traverse T) {
    ++Breakable;
    Continuable += Loop;
    bool Continue = T();
    --Breakable;
    Continuable -= Loop;
    return Continue;
  }
};

} // namespace qd

#endif
