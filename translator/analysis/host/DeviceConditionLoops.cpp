// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DeviceConditionLoops.cpp - Loops until the GPU says stop -----------===//
//
// SPEC section 1, "Loops whose condition the GPU computes": a solver
// iterates until a residual, a reduction's result, is small enough:
//
//   float res = 1e30f;
//   #pragma qd loop seq
//   while (res > tol && it < max_it) {
//     res = 0.f;                                  // reset: DeviceScalarSet
//     #pragma qd loop reduction(max: res)
//     for (...) res = fmax(res, ...);
//     ++it;                                       // a host statement
//   }
//
// A 'loop seq' whose body reduces into a kernel local declared before it
// makes that local a device scalar at the loop (DeviceScalarInit: its slot
// gets the host value), so that every iteration, and the code after the
// loop, sees the value the serial program would. A condition that reads
// such a scalar is read back by the host before each evaluation (stream
// mode); in graph mode on CUDA the loop is a conditional node where it can
// be (GraphLoops.cpp).
//
//===----------------------------------------------------------------------===//
#include "analysis/KernelAnalyzer.h"
#include "analysis/loops/AccessAnalysis.h"
#include "analysis/memory/CaptureAnalysis.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include <functional>

using namespace clang;

namespace qd {

namespace {

/// The last variable named \p Name that \p S declares before \p Loc.
const VarDecl *declarationBefore(const Stmt *S, llvm::StringRef Name,
                                 SourceLocation Loc, const SourceManager &SM) {
  const VarDecl *Found = nullptr;
  std::function<void(const Stmt *)> Visit = [&](const Stmt *Node) {
    if (!Node)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(Node))
      for (const Decl *D : DS->decls())
        if (const auto *Var = dyn_cast<VarDecl>(D);
            Var && Var->getName() == Name &&
            SM.isBeforeInTranslationUnit(Var->getLocation(), Loc))
          Found = Var;
    for (const Stmt *Child : Node->children())
      Visit(Child);
  };
  Visit(S);
  return Found;
}

} // namespace

bool Analyzer::promoteAssignedLocal(const VarDecl *Var,
                                    const DeclRefExpr *Target,
                                    const Expr *Value) {
  // A local declared without a value that nothing has used yet: it has no
  // host value to keep, so it may live on the device from here on, like a
  // local declared with this value (DerivedScalars.cpp).
  if (!UninitializedLocals.count(Var) || AssignedOnHost.count(Var) ||
      Privatized.count(Var) || !fitsDeviceScalar(Var) ||
      !computedFromDeviceScalars(Value))
    return false;
  // Code before the assignment, or the condition of a 'do' loop around it,
  // would have read the host's variable, which the device's value never
  // reaches.
  for (const DeclRefExpr *Use :
       referencesTo(Plan->Function->getBody(),
                    [&](const VarDecl *Other) { return Other == Var; }))
    if (before(Use->getBeginLoc(), Target->getBeginLoc()))
      return false;
  for (DynTypedNodeList Parents = Context.getParents(*Target);
       !Parents.empty(); Parents = Context.getParents(Parents[0])) {
    const auto *Do = Parents[0].get<DoStmt>();
    if (Do && findReferenceTo(Do->getCond(), [&](const VarDecl *Other) {
          return Other == Var;
        }))
      return false;
  }
  makeDerivedScalar(Var, Target->getLocation());
  return true;
}

Capture Analyzer::deviceScalarCapture(const VarDecl *Var) const {
  Capture C;
  C.Var = Var;
  C.DeviceScalar = true;
  C.Slot = DeviceScalars.lookup(Var).Slot;
  return C;
}

void Analyzer::promoteLoopReductions(const Stmt *Loop, const Stmt *Body,
                                     std::vector<Step> &Out) {
  Step Init;
  Init.Kind = StepKind::DeviceScalarInit;
  Init.S = Loop;
  for (const Directive &D : Directives.all()) {
    if (D.Consumed || D.Kind != DirectiveKind::Loop || D.Reductions.empty() ||
        !within(D.Loc, Body->getSourceRange()))
      continue;
    for (const ReductionItem &Item : D.Reductions) {
      // A local of the body with that name is the one the clause means.
      if (declarationBefore(Body, Item.Name, D.Loc, SM))
        continue;
      // The clause's own lookup (resolveReductions): the locals of this
      // kernel body or block. Others, parameters and unknown names are its
      // errors.
      const VarDecl *Var = Levels.back().lookup(Item.Name);
      // A template's 'T top' is checked per instantiation.
      const QualType Type = Var ? Var->getType() : QualType();
      if (!Var || !Values.contains(Var) ||
          !(Type->isScalarType() || Type->isDependentType()) ||
          PromotedScalars.count(Var))
        continue;
      PromotedScalars.insert(Var);
      if (!DeviceScalars
               .try_emplace(Var, DeviceScalar{Item.NameLoc, Plan->ScratchSlots})
               .second)
        continue; // a device scalar already: its slot holds its value
      ++Plan->ScratchSlots;
      // A C-style local with no value yet gets one in the body first.
      if (hasHostValue(Var))
        Init.Captures.push_back(deviceScalarCapture(Var));
    }
  }
  promoteLoopAssignments(Loop, Body, Init);
  if (!Init.Captures.empty())
    Out.push_back(std::move(Init));
}

bool Analyzer::hasHostValue(const VarDecl *Var) const {
  return Var->hasInit() || AssignedOnHost.count(Var);
}

void Analyzer::promoteLoopAssignments(const Stmt *Loop, const Stmt *Body,
                                      Step &Init) {
  // 'gap = total - tol;' in the body, on a local declared before the loop:
  // the value is the device's, and the next iteration (its condition, its
  // device code) must see it, so the local is a device scalar from the
  // loop on. Statements of the body's top level and of its host branches;
  // one promotion may make another assignment read a device scalar.
  std::vector<const BinaryOperator *> Assignments;
  std::function<void(const Stmt *)> Collect = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(S))
      S = EWC->getSubExpr();
    if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *Child : Block->body())
        Collect(Child);
    } else if (const auto *If = dyn_cast<IfStmt>(S)) {
      Collect(If->getThen());
      Collect(If->getElse());
    } else if (const auto *Assign = dyn_cast<BinaryOperator>(S);
               Assign && Assign->getOpcode() == BO_Assign) {
      Assignments.push_back(Assign);
    }
  };
  Collect(Body);
  // The body's own reductions' results ('float hi = ...;' then 'reduction(
  // max: hi)' in the body) are device scalars when the assignment runs,
  // though the body has not been analyzed yet; so are the body's locals
  // declared from them.
  llvm::SmallPtrSet<const VarDecl *, 8> BodyScalars;
  for (const Directive &D : Directives.all()) {
    if (D.Consumed || D.Kind != DirectiveKind::Loop || D.Reductions.empty() ||
        !within(D.Loc, Body->getSourceRange()))
      continue;
    for (const ReductionItem &Item : D.Reductions)
      if (const VarDecl *Var = declarationBefore(Body, Item.Name, D.Loc, SM))
        BodyScalars.insert(Var);
  }
  HostValues WithBody = Values;
  for (const VarDecl *Var : BodyScalars)
    WithBody.add(Var);
  auto FromDevice = [&](const Expr *Value) {
    return !findDeviceDataUse(Value, WithBody) &&
           findReferenceTo(Value, [&](const VarDecl *Var) {
             return DeviceScalars.count(Var) || BodyScalars.count(Var);
           });
  };
  // 'residual = norm[0];': a value the GPU left in device memory, where a
  // library the body calls (ncclAllReduce, cublasDdot) put it, which only a
  // device scalar can bring to the condition without the host waiting. One
  // GPU thread reads it, as a serial task would.
  // Only a statement of the body's own top level: one inside braces is a
  // serial task's, whose locals are its own.
  llvm::SmallPtrSet<const Stmt *, 16> TopLevel;
  if (const auto *Block = dyn_cast<CompoundStmt>(Body))
    for (const Stmt *Child : Block->body())
      TopLevel.insert(isa<ExprWithCleanups>(Child)
                          ? cast<ExprWithCleanups>(Child)->getSubExpr()
                          : Child);
  auto FromDeviceMemory = [&](const BinaryOperator *Assign) {
    if (!TopLevel.count(Assign))
      return false;
    const Expr *Use = findDeviceDataUse(Assign->getRHS(), WithBody);
    if (!Use)
      return false;
    Use = Use->IgnoreParenImpCasts();
    const auto *Deref = dyn_cast<UnaryOperator>(Use);
    return isa<ArraySubscriptExpr>(Use) ||
           (Deref && Deref->getOpcode() == UO_Deref);
  };
  std::function<void(const Stmt *)> CollectDerived = [&](const Stmt *S) {
    if (const auto *Block = dyn_cast_or_null<CompoundStmt>(S)) {
      for (const Stmt *Child : Block->body())
        CollectDerived(Child);
    } else if (const auto *If = dyn_cast_or_null<IfStmt>(S)) {
      CollectDerived(If->getThen());
      CollectDerived(If->getElse());
    } else if (const auto *DS = dyn_cast_or_null<DeclStmt>(S);
               DS && DS->isSingleDecl()) {
      const auto *Var = dyn_cast<VarDecl>(DS->getSingleDecl());
      if (Var && Var->getInit() && !Var->isStaticLocal() &&
          fitsDeviceScalar(Var) && FromDevice(Var->getInit())) {
        BodyScalars.insert(Var);
        WithBody.add(Var);
      }
    }
  };
  CollectDerived(Body);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const BinaryOperator *Assign : Assignments) {
      const auto *Target =
          dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts());
      const auto *Var = Target ? dyn_cast<VarDecl>(Target->getDecl()) : nullptr;
      if (!Var || DeviceScalars.count(Var) || !Values.contains(Var) ||
          Levels.back().lookup(Var->getName()) != Var ||
          !before(Var->getLocation(), Loop->getBeginLoc()) ||
          !fitsDeviceScalar(Var) ||
          !(FromDevice(Assign->getRHS()) || FromDeviceMemory(Assign)))
        continue;
      PromotedScalars.insert(Var);
      makeDerivedScalar(Var, Target->getLocation());
      if (hasHostValue(Var))
        Init.Captures.push_back(deviceScalarCapture(Var));
      Changed = true;
    }
  }
}

std::vector<Capture> Analyzer::conditionScalars(const Expr *Cond) const {
  std::vector<Capture> Scalars;
  if (!Cond || findDeviceDataUse(Cond, Values))
    return Scalars;
  for (const auto &Entry : DeviceScalars) {
    const VarDecl *Var = Entry.first;
    if (findReferenceTo(Cond, [&](const VarDecl *Other) { return Other == Var; }))
      Scalars.push_back(deviceScalarCapture(Var));
  }
  // In slot order, so that the output does not depend on hashing.
  llvm::sort(Scalars, [](const Capture &A, const Capture &B) {
    return A.Slot < B.Slot;
  });
  return Scalars;
}

bool Analyzer::analyzeDeviceScalarSet(const Stmt *S,
                                      std::vector<Step> &Out) {
  // 'x = e', 'x op= e', '++x', 'x--' on a device scalar 'x'.
  const Expr *Written = nullptr;
  const Expr *HostValue = nullptr;
  if (const auto *Assign = dyn_cast<BinaryOperator>(S);
      Assign && Assign->isAssignmentOp()) {
    Written = Assign->getLHS();
    if (Assign->getOpcode() == BO_Assign && isHostExpr(Assign->getRHS()))
      HostValue = Assign->getRHS();
  } else if (const auto *Step = dyn_cast<UnaryOperator>(S);
             Step && Step->isIncrementDecrementOp()) {
    Written = Step->getSubExpr();
  }
  const auto *Target =
      Written ? dyn_cast<DeclRefExpr>(Written->IgnoreParenImpCasts()) : nullptr;
  const auto *Var = Target ? dyn_cast<VarDecl>(Target->getDecl()) : nullptr;
  if (!Var)
    return false;
  if (!DeviceScalars.count(Var)) {
    // 'alpha = rr / pap;' on a local declared without a value, C style.
    const auto *Assign = dyn_cast<BinaryOperator>(S);
    if (!Assign || Assign->getOpcode() != BO_Assign ||
        !promoteAssignedLocal(Var, Target, Assign->getRHS()))
      return false;
  }
  Step Set;
  Set.Kind = StepKind::DeviceScalarSet;
  Set.S = S;
  Set.Captures.push_back(deviceScalarCapture(Var));
  if (HostValue) {
    checkPrivatizedReads(HostValue);
    Out.push_back(std::move(Set));
    return true;
  }
  // One GPU thread runs the statement on a copy of the scalar, like a
  // serial task that may write this one device scalar.
  checkDeviceLocals(S);
  passGlobals(S);
  Reduction Own;
  Own.Var = Var;
  checkHostValueWrites(S, {}, Own);
  Out.push_back(deviceScalarTask(S, Var));
  return true;
}

Step Analyzer::deviceScalarTask(const Stmt *S, const VarDecl *Var) {
  Step Set;
  Set.Kind = StepKind::DeviceScalarSet;
  Set.S = S;
  Set.OnDevice = true;
  Set.Captures.push_back(deviceScalarCapture(Var));
  // What it reads, as a serial task that may write this one scalar reads.
  Step Reading;
  Reading.Kind = StepKind::SerialTask;
  Reading.S = S;
  captureTaskValues(Reading, Var);
  Set.Captures.insert(Set.Captures.end(), Reading.Captures.begin(),
                      Reading.Captures.end());
  return Set;
}

} // namespace qd
