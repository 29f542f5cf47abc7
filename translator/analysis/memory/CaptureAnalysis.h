// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CaptureAnalysis.h - Host values that device code reads -----*- C++ -*-===//
#ifndef QD_TRANSLATOR_CAPTUREANALYSIS_H
#define QD_TRANSLATOR_CAPTUREANALYSIS_H

#include "analysis/KernelModel.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace qd {

/// The values of a kernel that exist on the host: its parameters and its host
/// scalars, in the order device functions take them.
class HostValues {
public:
  void add(const clang::VarDecl *Var) { Order.try_emplace(Var, Order.size()); }
  bool contains(const clang::VarDecl *Var) const { return Order.count(Var); }
  unsigned position(const clang::VarDecl *Var) const {
    return Order.lookup(Var);
  }

private:
  llvm::DenseMap<const clang::VarDecl *, unsigned> Order;
};

/// The host values \p S reads, each once, in HostValues order. \p Exclude
/// (the loop variable) is never captured.
std::vector<Capture> collectCaptures(const clang::Stmt *S,
                                     const HostValues &Values,
                                     const clang::VarDecl *Exclude = nullptr);

/// The first sub-expression of \p E that cannot be evaluated on the host: a
/// dereference, a subscript, '->', a call given a pointer, 'this', or a local
/// that only exists on the device. Null if \p E is a host expression.
const clang::Expr *findDeviceDataUse(const clang::Expr *E,
                                     const HostValues &Values);

/// Reports each bound of \p Form that cannot be evaluated on the host.
/// Returns true if both can.
bool checkBoundsOnHost(const LoopForm &Form, const HostValues &Values,
                       clang::ASTContext &Context);

/// The variables \p S names, lambda bodies included, in the order of their
/// first reference.
llvm::SmallSetVector<const clang::VarDecl *, 8>
referencedVariables(const clang::Stmt *S);

/// The variable \p E names, through parentheses and implicit casts ('n',
/// '(n)'); null for anything else, and for a null \p E.
const clang::VarDecl *namedVariable(const clang::Expr *E);

/// Every reference in \p S, lambda bodies included, to a variable for which
/// \p IsTarget holds, in source order.
std::vector<const clang::DeclRefExpr *>
referencesTo(const clang::Stmt *S,
             llvm::function_ref<bool(const clang::VarDecl *)> IsTarget);

/// The first reference in \p S to one of \p Vars, or null.
const clang::DeclRefExpr *
findReferenceTo(const clang::Stmt *S,
                const llvm::SmallPtrSetImpl<const clang::VarDecl *> &Vars);
/// The first reference in \p S to a variable for which \p IsTarget holds,
/// or null.
const clang::DeclRefExpr *
findReferenceTo(const clang::Stmt *S,
                llvm::function_ref<bool(const clang::VarDecl *)> IsTarget);

} // namespace qd

#endif
