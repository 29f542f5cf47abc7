// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LeavingJumps.cpp ---------------------------------------------------===//
#include "analysis/loops/LeavingJumps.h"
#include "analysis/JumpScopeVisitor.h"

using namespace clang;

namespace qd {
namespace {

class LeavingJumpFinder : public JumpScopeVisitor<LeavingJumpFinder> {
public:
  explicit LeavingJumpFinder(unsigned Kinds) : Kinds(Kinds) {}

  const Stmt *Found = nullptr;

  bool VisitContinueStmt(ContinueStmt *S) {
    return Continuable > 0 || found(S, LeaveByContinue);
  }
  bool VisitBreakStmt(BreakStmt *S) {
    return Breakable > 0 || found(S, LeaveByBreak);
  }
  bool VisitGotoStmt(GotoStmt *S) { return found(S, LeaveByGoto); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *S) {
    return found(S, LeaveByGoto);
  }
  bool VisitReturnStmt(ReturnStmt *S) { return found(S, LeaveByReturn); }

private:
  unsigned Kinds;

  /// Stops the search at a jump of the kinds sought.
  bool found(const Stmt *S, LeavingJumpKind Kind) {
    if (!(Kinds & Kind))
      return true;
    Found = S;
    return false;
  }
};

} // namespace

const Stmt *findLeavingJump(const Stmt *Body, unsigned Kinds) {
  LeavingJumpFinder F(Kinds);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Found;
}

} // namespace qd
