// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ReductionAnalysis.h - 'reduction(op: var)' clauses ---------*- C++ -*-===//
//
// Resolves the variables of a loop's reduction clauses, checks that the body
// only combines into them, and finds host code that would read a reduction's
// result, which lives on the device (SPEC section 1).
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_REDUCTIONANALYSIS_H
#define QD_TRANSLATOR_REDUCTIONANALYSIS_H

#include "analysis/KernelModel.h"
#include "analysis/memory/MayWrite.h"
#include "pragmas/Directive.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"

namespace qd {

/// The names a reduction clause may refer to, as the kernel analysis sees
/// them at the loop.
struct ReductionScope {
  /// Locals declared earlier at the loop's level (kernel body or block),
  /// latest declaration of each name.
  const llvm::StringMap<const clang::VarDecl *> *SameLevel = nullptr;
  /// Locals of the enclosing levels, innermost last: in a stream_parallel
  /// block, the kernel body's.
  llvm::ArrayRef<llvm::StringMap<const clang::VarDecl *>> Outer;
  const clang::FunctionDecl *Kernel = nullptr;
  /// Whether a variable is a host scalar (evaluated on the host).
  llvm::function_ref<bool(const clang::VarDecl *)> IsHostScalar;
  /// Whether a variable declared without an initializer has a value by now:
  /// the host assigned it ('error = 10 * tol;'), or it is a reduction's
  /// result already. Unset: only an initializer counts.
  llvm::function_ref<bool(const clang::VarDecl *)> HasValue;
  /// Whether a kernel parameter is a non-const reference that the call
  /// hands back to its caller (ReferenceResults.h). Unset: none is.
  llvm::function_ref<bool(const clang::ParmVarDecl *)> IsReferenceResult;
};

/// Resolves the reduction items of \p D into \p Out (Var and Op set),
/// reporting variables that cannot be reduced and operators that do not fit
/// their type. Returns false on any error.
bool resolveReductions(const Directive &D, const ReductionScope &Scope,
                       clang::ASTContext &Context,
                       std::vector<Reduction> &Out);

/// 'min' or 'max' for a call with two arguments that combines like one:
/// std::min/std::max, qd::min/qd::max, or fmin/fmax (in std:: or the global
/// namespace, with an 'f' or 'l' suffix or none).
std::optional<ReductionOp> minMaxCombineOp(const clang::Expr *E);

/// Reports each use of a reduction variable in \p Body other than combining
/// into it with its operator, and marks the floating-point 'max' and 'min'
/// variables that the body combines with fmax or fmin (IgnoresNaN).
/// Returns false on any error.
bool checkReductionUses(const clang::Stmt *Body,
                        llvm::MutableArrayRef<Reduction> Reductions,
                        clang::ASTContext &Context);

/// The reductions a loop's clause would need for the variables of
/// \p IsCandidate that \p Body writes ('t += e', 't = std::max(t, e)'),
/// each with its operator, in the order of their first use; nullopt when one
/// of them is written or read other than by combining into it, or combined
/// with two operators. What checkReductionUses would accept, found rather
/// than checked: --remarks suggests only a clause that translates.
std::optional<llvm::MapVector<const clang::VarDecl *, ReductionOp>>
impliedReductions(const clang::Stmt *Body,
                  llvm::function_ref<bool(const clang::VarDecl *)> IsCandidate,
                  clang::ASTContext &Context);

/// A variable that holds a reduction's result.
struct DeviceScalar {
  /// Where it became one: the variable in its first reduction clause.
  clang::SourceLocation Where;
  /// Its slot in the call's scratch.
  unsigned Slot = 0;
  /// A local declared with a value computed from device scalars ('float
  /// alpha = rr / pap;'), not a reduction's variable: Where is its name.
  bool Derived = false;
};
using DeviceScalarMap = llvm::DenseMap<const clang::VarDecl *, DeviceScalar>;

/// Whether \p Var is one of \p Reductions' variables.
bool isReduced(llvm::ArrayRef<Reduction> Reductions,
               const clang::VarDecl *Var);

/// Reports host code that reads a device scalar: \p What is 0 for a loop
/// bound, 1 for a host scalar's initializer, 2 for host code, 3 for a data
/// directive's item. Returns false if it reported.
bool checkNoDeviceScalarOnHost(const clang::Stmt *E, unsigned What,
                               const DeviceScalarMap &Scalars,
                               clang::ASTContext &Context);
/// Reports a host read at \p Loc of \p Var, one of \p Scalars.
void reportDeviceScalarReadOnHost(clang::SourceLocation Loc,
                                  const clang::VarDecl *Var, unsigned What,
                                  const DeviceScalarMap &Scalars,
                                  clang::ASTContext &Context);

/// Reports \p Write, a write in device code to a device scalar that is not
/// a reduction into it.
void reportDeviceScalarWritten(const VariableWrite &Write,
                               const DeviceScalarMap &Scalars,
                               clang::ASTContext &Context);

} // namespace qd

#endif
