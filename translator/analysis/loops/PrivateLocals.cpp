// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- PrivateLocals.cpp --------------------------------------------------===//
#include "analysis/loops/PrivateLocals.h"
#include "analysis/KernelAnalyzer.h"
#include "analysis/memory/CaptureAnalysis.h"
#include "analysis/memory/MayWrite.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace qd {

bool isPrivatizableLocal(const VarDecl *Var) {
  if (!Var || !Var->isLocalVarDecl() || Var->isStaticLocal() ||
      Var->hasExternalStorage() || Var->hasInit())
    return false;
  QualType T = Var->getType();
  if (T->isReferenceType())
    return false;
  while (const ArrayType *Array = T->getAsArrayTypeUnsafe()) {
    if (!isa<ConstantArrayType, DependentSizedArrayType>(Array))
      return false;
    T = Array->getElementType();
  }
  return T->isDependentType() || T->isScalarType();
}

namespace {

/// Walks device code in evaluation order, tracking whether one variable is
/// certainly written, and stops at the first read while it is not.
class ReadBeforeWrite {
public:
  explicit ReadBeforeWrite(const VarDecl *Var) : Var(Var) {}

  const DeclRefExpr *Found = nullptr;
  /// Whether the walk goes on after the first read, to learn whether the
  /// code writes the variable at all.
  bool ToTheEnd = false;

  /// Returns whether the variable is written after \p S, given \p Written
  /// before it.
  bool walk(const Stmt *S, bool Written);

private:
  const VarDecl *Var;
  /// The reference a write names, which is not a read of it.
  const DeclRefExpr *Skip = nullptr;
  /// The state on entry to each enclosing 'switch': a label is reached from
  /// there too.
  llvm::SmallVector<bool, 2> SwitchEntry;

  bool names(const DeclRefExpr *Ref) const {
    return Ref && Ref->getDecl() == Var;
  }
  /// \p Target may change: its indices are read, then the variable is
  /// written if \p Target names it (read first when \p AlsoReads).
  bool walkTarget(const Expr *Target, bool Written, bool AlsoReads);
  bool walkChildren(const Stmt *S, bool Written) {
    for (const Stmt *Child : S->children())
      Written = walk(Child, Written);
    return Written;
  }
};

bool ReadBeforeWrite::walkTarget(const Expr *Target, bool Written,
                                 bool AlsoReads) {
  const Expr *E = Target->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    return walkTarget(UO->getSubExpr(), Written, AlsoReads);
  const DeclRefExpr *Ref = writtenVariableRef(E);
  if (!names(Ref))
    return walk(Target, Written);
  const DeclRefExpr *Outer = Skip;
  Skip = Ref;
  walk(Target, Written);
  Skip = Outer;
  if (AlsoReads && !Written && !Found)
    Found = Ref;
  return true;
}

bool ReadBeforeWrite::walk(const Stmt *S, bool Written) {
  if (!S || (Found && !ToTheEnd))
    return Written;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
    if (Ref != Skip && names(Ref) && !Written && !Found)
      Found = Ref;
    return Written;
  }
  if (isa<UnaryExprOrTypeTraitExpr>(S))
    return Written; // 'sizeof(buf)' reads nothing.
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp())
      return walkTarget(BO->getLHS(), walk(BO->getRHS(), Written),
                        BO->isCompoundAssignmentOp());
    if (BO->isLogicalOp()) {
      Written = walk(BO->getLHS(), Written);
      walk(BO->getRHS(), Written);
      return Written;
    }
    return walkChildren(S, Written);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp())
      return walkTarget(UO->getSubExpr(), Written, /*AlsoReads=*/true);
    if (UO->getOpcode() == UO_AddrOf)
      return walkTarget(UO->getSubExpr(), Written, /*AlsoReads=*/false);
    return walkChildren(S, Written);
  }
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
    if (Op && Op->isAssignmentOp() && Op->getNumArgs() == 2)
      return walkTarget(Op->getArg(0), walk(Op->getArg(1), Written),
                        Op->getOperator() != OO_Equal);
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call)) {
      const auto *Method = Member->getMethodDecl();
      const Expr *Object = Member->getImplicitObjectArgument();
      Written = Method && !Method->isConst() && Object
                    ? walkTarget(Object, Written, /*AlsoReads=*/false)
                    : walk(Object, Written);
    } else {
      Written = walk(Call->getCallee(), Written);
    }
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      ArgumentUse Use = argumentUse(Call, I);
      // A value, not an object: read, whatever the callee ('printf("%d",
      // n)', whose variadic parameters say nothing).
      const Expr *Arg = Call->getArg(I);
      if (Arg->isPRValue() && !Arg->isTypeDependent() &&
          !Arg->getType()->isPointerType())
        Use = ArgumentUse::Read;
      Written = Use == ArgumentUse::Read
                    ? walk(Call->getArg(I), Written)
                    : walkTarget(Call->getArg(I), Written, /*AlsoReads=*/false);
    }
    return Written;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      const auto *Local = dyn_cast<VarDecl>(D);
      if (!Local || !Local->getInit())
        continue;
      QualType T = Local->getType();
      Written = T->isLValueReferenceType() &&
                        !T->getPointeeType().isConstQualified()
                    ? walkTarget(Local->getInit(), Written, false)
                    : walk(Local->getInit(), Written);
    }
    return Written;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    Written = walk(If->getInit(), Written);
    if (const VarDecl *CondVar = If->getConditionVariable())
      Written = walk(CondVar->getInit(), Written);
    else
      Written = walk(If->getCond(), Written);
    const bool Then = walk(If->getThen(), Written);
    const bool Else = If->getElse() ? walk(If->getElse(), Written) : Written;
    return Then && Else;
  }
  if (const auto *Cond = dyn_cast<AbstractConditionalOperator>(S)) {
    Written = walk(Cond->getCond(), Written);
    const bool True = walk(Cond->getTrueExpr(), Written);
    const bool False = walk(Cond->getFalseExpr(), Written);
    return True && False;
  }
  if (const auto *For = dyn_cast<ForStmt>(S)) {
    Written = walk(For->getCond(), walk(For->getInit(), Written));
    Written = walk(For->getBody(), Written);
    walk(For->getInc(), Written);
    return Written;
  }
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(S))
    return walk(Range->getBody(),
                walk(Range->getRangeInit(), walk(Range->getInit(), Written)));
  if (const auto *While = dyn_cast<WhileStmt>(S))
    return walk(While->getBody(), walk(While->getCond(), Written));
  if (const auto *Do = dyn_cast<DoStmt>(S)) {
    Written = walk(Do->getBody(), Written);
    walk(Do->getCond(), Written);
    return Written;
  }
  if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
    Written = walk(Switch->getCond(), walk(Switch->getInit(), Written));
    SwitchEntry.push_back(Written);
    walk(Switch->getBody(), Written);
    SwitchEntry.pop_back();
    return Written;
  }
  if (const auto *Label = dyn_cast<SwitchCase>(S)) {
    if (!SwitchEntry.empty())
      Written = Written && SwitchEntry.back();
    return walk(Label->getSubStmt(), Written);
  }
  if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
    // The body runs when the lambda is called, which is after this point:
    // its reads count here, its writes do not.
    for (const Expr *Init : Lambda->capture_inits())
      Written = walk(Init, Written);
    walk(Lambda->getBody(), Written);
    return Written;
  }
  return walkChildren(S, Written);
}

} // namespace

const DeclRefExpr *findReadBeforeWrite(const Stmt *Code, const VarDecl *Var) {
  ReadBeforeWrite Walker(Var);
  Walker.walk(Code, /*Written=*/false);
  return Walker.Found;
}

CodeUse useInCode(const Stmt *Code, const VarDecl *Var) {
  ReadBeforeWrite Walker(Var);
  Walker.ToTheEnd = true;
  CodeUse Use;
  Use.Written = Walker.walk(Code, /*Written=*/false);
  Use.ReadFirst = Walker.Found;
  return Use;
}

// The analyzer's part: which statements make which locals private, and the
// host reads that would see no value.

bool Analyzer::analyzePrivates(Step &S,
                               llvm::ArrayRef<const VarDecl *> Indices) {
  const Stmt *Code = S.deviceCode();
  const unsigned What = S.Kind == StepKind::SerialTask ? 1 : 0;
  bool Ok = true;
  for (const VarDecl *Var : UninitializedLocals) {
    auto IsVar = [&](const VarDecl *V) { return V == Var; };
    if (llvm::is_contained(Indices, Var) || isReduced(S.Reductions, Var) ||
        !findReferenceTo(Code, IsVar))
      continue;
    // A scalar the code only reads is a host value passed by value.
    if (!Var->getType()->isArrayType() && !findMayWrite(Code, IsVar))
      continue;
    // Listed even when rejected: the writes are not reported again as
    // writes of a host value.
    S.Privates.push_back(Var);
    if (S.Vector) {
      report(Diags, findReferenceTo(Code, IsVar)->getLocation(),
             Diag::PrivateInVectorLoopBody)
          << Var->getName();
      Ok = false;
    } else if (const DeclRefExpr *Read = findReadBeforeWrite(Code, Var)) {
      report(Diags, Read->getLocation(), Diag::PrivateReadBeforeWrite)
          << Var->getName() << What;
      Ok = false;
    }
  }
  return Ok;
}

void Analyzer::checkPrivatizedReads(const Stmt *S) {
  checkPrivatizedReads(S, [](const VarDecl *) { return true; });
}

void Analyzer::checkPrivatizedReads(
    const Stmt *S, llvm::function_ref<bool(const VarDecl *)> Among) {
  if (!S)
    return;
  // Inside a host loop, any local the body reads may be made private later
  // in the body, before the next trip reads it again.
  if (!HostLoopTrips.empty())
    for (const DeclRefExpr *Ref : referencesTo(S, [&](const VarDecl *Var) {
           return Var->isLocalVarDecl() && Among(Var);
         })) {
      unsigned Order = ++HostEvents;
      for (HostLoopTrip &Trip : HostLoopTrips)
        Trip.Reads.emplace_back(Ref, Order);
    }
  if (Privatized.empty())
    return;
  const DeclRefExpr *Ref = findReferenceTo(S, [&](const VarDecl *Var) {
    return Privatized.count(Var) != 0 && Among(Var);
  });
  if (Ref)
    reportPrivatizedRead(Ref);
}

bool Analyzer::reportPrivatizedRead(const DeclRefExpr *Ref) {
  if (!ReportedPrivatizedReads.insert(Ref).second)
    return false;
  const auto *Var = cast<VarDecl>(Ref->getDecl());
  qd::reportPrivatizedRead(Diags, SM, Ref->getLocation(), Var,
                           Privatized.lookup(Var));
  return true;
}

void reportPrivatizedRead(DiagnosticsEngine &Diags,
                          const SourceManager &SM, SourceLocation Loc,
                          const VarDecl *Var, const Stmt *Where) {
  report(Diags, Loc, Diag::PrivatizedReadAfterLoop)
      << Var->getName() << (isa<ForStmt>(Where) ? 0 : 1)
      << SM.getExpansionLineNumber(Where->getBeginLoc());
}

void Analyzer::noteHostAssignment(const VarDecl *Var) {
  unsigned Order = ++HostEvents;
  for (HostLoopTrip &Trip : HostLoopTrips)
    Trip.FirstAssigned.try_emplace(Var, Order);
}

void Analyzer::checkPrivatizedReadsNextTrip() {
  HostLoopTrip Trip = std::move(HostLoopTrips.back());
  HostLoopTrips.pop_back();
  for (const auto &[Ref, Order] : Trip.Reads) {
    const auto *Var = cast<VarDecl>(Ref->getDecl());
    auto Assigned = Trip.FirstAssigned.find(Var);
    if (!Privatized.count(Var) ||
        (Assigned != Trip.FirstAssigned.end() && Assigned->second < Order) ||
        !reportPrivatizedRead(Ref))
      continue;
    report(Diags, Trip.Loop->getBeginLoc(), Diag::NotePrivatizedNextTrip)
        << Var->getName()
        << SM.getExpansionLineNumber(Privatized[Var]->getBeginLoc());
  }
}

void Analyzer::checkHostCodePrivatizedReads(const Stmt *S) {
  for (const VarDecl *Var : referencedVariables(S)) {
    if (!Values.contains(Var) || !Var->isLocalVarDecl())
      continue;
    const CodeUse Use = useInCode(S, Var);
    if (Use.ReadFirst) {
      unsigned Order = ++HostEvents;
      for (HostLoopTrip &Trip : HostLoopTrips)
        Trip.Reads.emplace_back(Use.ReadFirst, Order);
      if (Privatized.count(Var))
        reportPrivatizedRead(Use.ReadFirst);
    }
    if (Use.Written && !DeviceScalars.count(Var)) {
      Privatized.erase(Var);
      noteHostAssignment(Var);
      AssignedOnHost.insert(Var);
    }
  }
}

void Analyzer::checkPrivatizedCaptures(const Step &S) {
  // Device code reads a host value it does not write through a capture.
  checkPrivatizedReads(S.deviceCode(), [&](const VarDecl *Var) {
    return llvm::any_of(S.Captures,
                        [&](const Capture &C) { return C.Var == Var; });
  });
}

} // namespace qd
