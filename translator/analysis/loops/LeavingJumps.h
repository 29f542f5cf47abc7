// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LeavingJumps.h - Jumps that leave a loop's body ------------*- C++ -*-===//
//
// Coarsening, tiles, vector loops and the vector-loop remark each ask
// whether a loop's body may end an iteration, or the loop, early. They ask
// here, so that a 'break' in a nested switch or a 'return' in a lambda means
// the same to all of them (JumpScopeVisitor.h).
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_LEAVINGJUMPS_H
#define QD_TRANSLATOR_LEAVINGJUMPS_H

#include "clang/AST/Stmt.h"

namespace qd {

/// The kinds of jump a search looks for; a mask.
enum LeavingJumpKind : unsigned {
  /// A 'break' of the loop itself, not of a loop or switch nested in it.
  LeaveByBreak = 1u << 0,
  /// A 'continue' of the loop itself.
  LeaveByContinue = 1u << 1,
  /// A 'goto' (plain or computed): it may leave the body.
  LeaveByGoto = 1u << 2,
  LeaveByReturn = 1u << 3,
  /// Every jump that ends an iteration early.
  LeaveIteration = LeaveByBreak | LeaveByContinue | LeaveByGoto | LeaveByReturn,
  /// Every jump that may end the loop itself ('continue' only goes on).
  LeaveLoop = LeaveByBreak | LeaveByGoto | LeaveByReturn,
};

/// The first jump of one of \p Kinds in \p Body, the body of a loop, that
/// would leave it; null when there is none. Lambdas and local classes are
/// their own functions and are not searched.
const clang::Stmt *findLeavingJump(const clang::Stmt *Body, unsigned Kinds);

} // namespace qd

#endif
