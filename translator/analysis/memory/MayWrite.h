// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- MayWrite.h - The one definition of "may change a variable" -*- C++ -*-===//
//
// Every analysis that asks whether code may change a variable asks here: the
// check that device code leaves host values alone, the loop-index check, the
// reduction-result check, the vector-loop checks and the vector group's
// sharing of body locals. A write the analyses did not agree on once gave a
// silent wrong result (issue 27): an accepted program whose GPU output
// differed from its serial build.
//
// A variable held by value may change through: an assignment or '++'/'--' of
// it or of a member or element of it; its address ('&v', an array that
// decays to a pointer to non-const); a non-const reference bound to it (a
// local reference, a by-reference parameter of a call or constructor, a
// reference member of an aggregate, at any depth of its initializer list); a
// non-const member function called on it; a lambda that captures it by
// reference and changes it, where the lambda is written, called or handed
// to a function (in a template pattern too, where its call is still
// unresolved).
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_MAYWRITE_H
#define QD_TRANSLATOR_MAYWRITE_H

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>

namespace qd {

/// How code may change a variable; the order of the diagnostics' %select.
enum class WriteKind {
  Assigned,
  IncrementedOrDecremented,
  AddressTaken,
  BoundToReference,
  PassedByReference,
  NonConstMemberCall,
  /// A non-const reference member of an aggregate bound to it
  /// ('Bumper b{hits};'): whatever the aggregate does through the member.
  BoundToReferenceMember,
};

struct VariableWrite {
  const clang::VarDecl *Var = nullptr;
  /// The expression that names the variable where it may change.
  const clang::Expr *At = nullptr;
  WriteKind Kind = WriteKind::Assigned;
};

struct MayWriteOptions {
  /// Whether a call that a template pattern leaves unresolved may change
  /// the variables it is given. An error needs certainty (false); sharing a
  /// vector group's locals must assume the worst (true).
  bool UnresolvedCallsWrite = false;
  /// Whether an address taken as a pointer to const counts too
  /// (AddressTaken): a host scalar may hold no address of a host value.
  bool ConstAddresses = false;
};

/// What a call may do with its argument \p I: only read it, change the
/// object it names (a non-const reference parameter), or change what it
/// points to (a pointer to non-const). A member operator's object is
/// argument 0. A call whose callee is unknown (dependent, through a
/// pointer, a variadic argument) is \p Unknown.
enum class ArgumentUse { Read, ThroughReference, ThroughPointer, Unknown };
ArgumentUse argumentUse(const clang::CallExpr *Call, unsigned I);

/// The variable an lvalue belongs to when it is (part of) a variable held
/// by value: 'v', 'p.x', 'buf[k]' for an array 'buf'. Null through '->' or
/// a pointer.
const clang::VarDecl *writtenVariable(const clang::Expr *E);
/// The reference that names the variable of writtenVariable().
const clang::DeclRefExpr *writtenVariableRef(const clang::Expr *E);

/// The lambda \p Var holds, when its initializer is one, a copy of one or a
/// reference to one held by another local ('auto& f = add;'): calling
/// \p Var runs that lambda's body.
const clang::LambdaExpr *lambdaHeldBy(const clang::VarDecl *Var);

/// Calls \p Fn on every place in \p S that may change a variable, in source
/// order of traversal, until it returns false. Lambda bodies are included,
/// without the variables they capture by copy.
void forEachMayWrite(const clang::Stmt *S,
                     llvm::function_ref<bool(const VariableWrite &)> Fn,
                     MayWriteOptions Options = {});

/// The first place in \p S that may change a variable for which \p IsTarget
/// holds.
std::optional<VariableWrite>
findMayWrite(const clang::Stmt *S,
             llvm::function_ref<bool(const clang::VarDecl *)> IsTarget,
             MayWriteOptions Options = {});

} // namespace qd

#endif
