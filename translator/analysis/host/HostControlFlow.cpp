// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- HostControlFlow.cpp - 'if', 'switch' and 'loop seq' on the host ----===//
//
// SPEC section 1, "Real programs": at the top level of a kernel or block, an
// 'if' or 'switch' whose condition is a host value, and a loop marked
// '#pragma qd loop seq' with host-value conditions, run on the host; their
// branches and bodies are statement lists with the top-level meaning. An
// expression statement that only assigns host values from host values
// ('t += dt;') runs on the host too, so that such loops can count.
//
// What stays as it was: an 'if' or 'switch' that needs device data is a
// serial task, as the serial program's statement would be run on one
// thread.
//
//===----------------------------------------------------------------------===//
#include "analysis/KernelAnalyzer.h"
#include "analysis/loops/AccessAnalysis.h"
#include "analysis/memory/Globals.h"
#include "analysis/memory/MayWrite.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace qd {

bool Analyzer::isHostExpr(const Expr *E) const {
  if (!E)
    return true;
  if (findDeviceDataUse(E, Values))
    return false;
  return !findReferenceTo(E, [&](const VarDecl *Var) {
    return DeviceScalars.count(Var) != 0;
  });
}

bool Analyzer::analyzeHostControlFlow(const Stmt *S, std::vector<Step> &Out) {
  if (isa<BreakStmt, ContinueStmt>(S)) {
    const bool IsBreak = isa<BreakStmt>(S);
    // Clang has checked that the jump has a target; within this block or
    // kernel it is a host loop or switch, or else it is outside the block.
    if ((IsBreak ? BreakTargets : ContinueTargets) == 0) {
      report(Diags, S->getBeginLoc(), Diag::JumpOutOfBlock)
          << (IsBreak ? "break" : "continue");
      return true;
    }
    Step Jump;
    Jump.Kind = StepKind::HostJump;
    Jump.S = S;
    Out.push_back(std::move(Jump));
    return true;
  }

  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getInit() || If->getConditionVariable() || If->isConsteval() ||
        !isHostExpr(If->getCond()))
      return false;
    checkPrivatizedReads(If->getCond());
    Step Branch;
    Branch.Kind = StepKind::HostIf;
    Branch.S = If;
    Branch.Branches.emplace_back();
    // One branch runs: a local that the 'then' branch makes private keeps
    // its value in the 'else' branch, and after the 'if' a local has no
    // value if either path (the 'then' branch, or the 'else' branch or
    // none) leaves it private.
    auto PrivateAfterThen = Privatized;
    analyzeBody(If->getThen(), If->getRParenLoc(), Branch.Branches.back());
    std::swap(PrivateAfterThen, Privatized);
    if (const Stmt *Else = If->getElse()) {
      Branch.Branches.emplace_back();
      analyzeBody(Else, If->getElseLoc(), Branch.Branches.back());
    }
    for (const auto &[Var, Where] : PrivateAfterThen)
      Privatized.try_emplace(Var, Where);
    Out.push_back(std::move(Branch));
    return true;
  }

  if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Switch->getBody());
    if (Switch->getInit() || Switch->getConditionVariable() || !Body ||
        !isHostExpr(Switch->getCond()))
      return false;
    checkPrivatizedReads(Switch->getCond());
    Step Choice;
    Choice.Kind = StepKind::HostSwitch;
    Choice.S = Switch;
    // Each arm is the statements from its labels to the next labels.
    // Directives are attached over the whole body: one written before a
    // label belongs to the statement the label marks. 'case X: { ... }'
    // scopes the arm's declarations: its statements are the arm's.
    // A directive between a label and its statement ('case 0:' then
    // '#pragma qd update ...' then 'break;') is the statement's too.
    std::vector<const Stmt *> Wrapped(Body->body_begin(), Body->body_end());
    std::vector<const Stmt *> Unlabeled;
    for (const Stmt *Child : Wrapped) {
      while (const auto *Label = dyn_cast<SwitchCase>(Child))
        Child = Label->getSubStmt();
      Unlabeled.push_back(Child);
    }
    std::vector<std::vector<Directive *>> Attached =
        attachDirectives(Unlabeled, Body->getLBracLoc(), Body->getRBracLoc());
    std::vector<std::vector<const Stmt *>> Arms;
    std::vector<std::vector<std::vector<Directive *>>> ArmDirectives;
    for (size_t I = 0; I < Wrapped.size(); ++I) {
      const Stmt *Child = Wrapped[I];
      std::vector<const SwitchCase *> Labels;
      while (const auto *Label = dyn_cast<SwitchCase>(Child)) {
        Labels.push_back(Label);
        Child = Label->getSubStmt();
      }
      if (!Labels.empty() || Arms.empty()) {
        Arms.emplace_back();
        ArmDirectives.emplace_back();
        Choice.ArmLabels.push_back(Labels);
      }
      const auto *Scope = dyn_cast<CompoundStmt>(Child);
      if (Labels.empty() || !Scope || !Attached[I].empty()) {
        Arms.back().push_back(Child);
        ArmDirectives.back().push_back(Attached[I]);
        continue;
      }
      std::vector<const Stmt *> Inner(Scope->body_begin(), Scope->body_end());
      std::vector<std::vector<Directive *>> InnerDirectives =
          attachDirectives(Inner, Scope->getLBracLoc(), Scope->getRBracLoc());
      Arms.back().insert(Arms.back().end(), Inner.begin(), Inner.end());
      ArmDirectives.back().insert(ArmDirectives.back().end(),
                                  InnerDirectives.begin(),
                                  InnerDirectives.end());
    }
    ++BreakTargets;
    for (size_t Arm = 0; Arm < Arms.size(); ++Arm) {
      Choice.Branches.emplace_back();
      analyzeBranch(Arms[Arm], ArmDirectives[Arm], Choice.Branches.back());
    }
    --BreakTargets;
    Out.push_back(std::move(Choice));
    return true;
  }

  if (analyzeDeviceScalarSet(S, Out))
    return true;
  const auto *E = dyn_cast<Expr>(S);
  if (!E || !isHostExpr(E))
    return false;
  // A host statement changes host values and nothing else: at least one,
  // and only by assignment or '++'/'--'.
  bool Writes = false, OnlyHostValues = true;
  MayWriteOptions Options;
  Options.UnresolvedCallsWrite = true;
  forEachMayWrite(
      E,
      [&](const VariableWrite &W) {
        Writes = true;
        const bool HostVariable =
            (Values.contains(W.Var) && !DeviceScalars.count(W.Var)) ||
            (classifyGlobal(W.Var, Context) == GlobalUse::ByValue &&
             W.Var->getType()->isScalarType());
        // A reference parameter is the caller's variable, which only the
        // host reaches ('count = it;'); a local reference may be bound to
        // device memory.
        const bool Reference = W.Var->getType()->isReferenceType();
        OnlyHostValues = HostVariable &&
                         (W.Kind == WriteKind::Assigned ||
                          W.Kind == WriteKind::IncrementedOrDecremented) &&
                         (!Reference || isa<ParmVarDecl>(W.Var));
        return OnlyHostValues;
      },
      Options);
  if (!Writes || !OnlyHostValues)
    return false;
  assignOnHost(E);
  Step Host;
  Host.Kind = StepKind::HostStatement;
  Host.S = S;
  Out.push_back(std::move(Host));
  return true;
}

void Analyzer::analyzeSeqLoop(const Stmt *S, const Directive &D,
                              std::vector<Step> &Out) {
  if (!isa<ForStmt, WhileStmt, DoStmt>(S)) {
    report(Diags, D.SeqLoc, Diag::LoopSeqNotOnLoop);
    return;
  }
  const char *Other = D.Collapse           ? "collapse"
                      : !D.Reductions.empty() ? "reduction"
                      : D.Vector             ? "vector"
                      : D.VectorLength       ? "vector_length"
                      : D.BlockDim           ? "block_dim"
                      : D.Independent        ? "independent"
                                             : nullptr;
  if (Other) {
    report(Diags, D.SeqLoc, Diag::LoopSeqWithOtherClause) << Other;
    return;
  }
  // The loop's own parts run on the host: a declaration in 'for' declares
  // host scalars, and the rest may only read host values.
  const Stmt *Init = nullptr;
  const Expr *Cond = nullptr, *Inc = nullptr;
  const Stmt *Body = nullptr;
  SourceLocation BodyBegin;
  if (const auto *For = dyn_cast<ForStmt>(S)) {
    Init = For->getInit();
    Cond = For->getCond();
    Inc = For->getInc();
    Body = For->getBody();
    BodyBegin = For->getRParenLoc();
    if (For->getConditionVariable()) {
      report(Diags, For->getConditionVariable()->getLocation(),
             Diag::LoopSeqNeedsHostValues)
          << 1 << For->getConditionVariable()->getName();
      return;
    }
  } else if (const auto *While = dyn_cast<WhileStmt>(S)) {
    Cond = While->getCond();
    Body = While->getBody();
    BodyBegin = While->getRParenLoc();
    if (While->getConditionVariable()) {
      report(Diags, While->getConditionVariable()->getLocation(),
             Diag::LoopSeqNeedsHostValues)
          << 1 << While->getConditionVariable()->getName();
      return;
    }
  } else {
    const auto *Do = cast<DoStmt>(S);
    Cond = Do->getCond();
    Body = Do->getBody();
    BodyBegin = Do->getDoLoc();
  }
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
    for (const Decl *D : DS->decls()) {
      const auto *Var = dyn_cast<VarDecl>(D);
      const Expr *Use = Var ? findDeviceDataUse(Var->getInit(), Values) : nullptr;
      if (Var && !Use && (Var->getType()->isScalarType() ||
                          Var->getType()->isDependentType()))
        continue;
      report(Diags, Use ? Use->getBeginLoc() : D->getLocation(),
             Diag::LoopSeqNeedsHostValues)
          << 0 << (Use ? sourceText(Use, Context) : std::string("a non-scalar"));
      return;
    }
    for (const Decl *Var : DS->decls()) {
      Values.add(cast<VarDecl>(Var));
      DeclControlDepth[cast<VarDecl>(Var)] = ControlDepth + 1;
    }
  } else if (const auto *InitExpr = dyn_cast_or_null<Expr>(Init)) {
    if (!isHostExpr(InitExpr)) {
      report(Diags, InitExpr->getBeginLoc(), Diag::LoopSeqNeedsHostValues)
          << 0 << sourceText(InitExpr, Context);
      return;
    }
    assignOnHost(InitExpr);
  }
  checkPrivatizedReads(Init && isa<DeclStmt>(Init) ? Init : nullptr);
  checkPrivatizedReads(Cond);
  checkPrivatizedReads(Inc);
  // Reductions in the body into locals declared before the loop: device
  // scalars from here on, so that a condition may read them.
  promoteLoopReductions(S, Body, Out);
  std::vector<Capture> ConditionScalars;
  if (Cond && !isHostExpr(Cond))
    ConditionScalars = conditionScalars(Cond);
  for (const Expr *Part : {Cond, Inc}) {
    if (!Part || isHostExpr(Part) ||
        (Part == Cond && !ConditionScalars.empty()))
      continue;
    const Expr *Use = findDeviceDataUse(Part, Values);
    report(Diags, (Use ? Use : Part)->getBeginLoc(),
           Diag::LoopSeqNeedsHostValues)
        << (Part == Cond ? 2 : 3) << sourceText(Use ? Use : Part, Context);
    return;
  }
  Step Loop;
  Loop.Kind = StepKind::HostLoop;
  Loop.S = S;
  Loop.Captures = std::move(ConditionScalars);
  Loop.Branches.emplace_back();
  llvm::SmallPtrSet<const VarDecl *, 8> PrivateBefore;
  for (const auto &Entry : Privatized)
    PrivateBefore.insert(Entry.first);
  ++BreakTargets;
  ++ContinueTargets;
  HostLoopTrips.emplace_back();
  HostLoopTrips.back().Loop = S;
  analyzeBody(Body, BodyBegin, Loop.Branches.back());
  checkPrivatizedReadsNextTrip();
  --ContinueTargets;
  --BreakTargets;
  // The condition and increment run again after the body: a local that its
  // device code made private has no value there ('do { gap = total - tol;
  // } while (gap > 0);' with 'gap' a host local).
  auto PrivateInBody = [&](const VarDecl *Var) {
    return !PrivateBefore.count(Var);
  };
  checkPrivatizedReads(Cond, PrivateInBody);
  checkPrivatizedReads(Inc, PrivateInBody);
  analyzeCheckEvery(D, Cond, Inc, Loop);
  analyzeGraphLoop(Init, Cond, Inc, Loop);
  Out.push_back(std::move(Loop));
}

void Analyzer::assignOnHost(const Expr *E) {
  // 'i = 0;' gives a variable that device code made private a host value
  // again; any other use reads it.
  const auto *Assign = dyn_cast<BinaryOperator>(E->IgnoreParens());
  if (!Assign || Assign->getOpcode() != BO_Assign) {
    checkPrivatizedReads(E);
    return;
  }
  checkPrivatizedReads(Assign->getRHS());
  const DeclRefExpr *Target = writtenVariableRef(Assign->getLHS());
  if (Target && Target == Assign->getLHS()->IgnoreParenImpCasts()) {
    Privatized.erase(cast<VarDecl>(Target->getDecl()));
    noteHostAssignment(cast<VarDecl>(Target->getDecl()));
    AssignedOnHost.insert(cast<VarDecl>(Target->getDecl()));
  }
  else
    checkPrivatizedReads(Assign->getLHS());
}

bool Analyzer::checkReductionScope(const Reduction &R, SourceLocation At) {
  if (PromotedScalars.count(R.Var))
    return true;
  auto Depth = DeclControlDepth.find(R.Var);
  if (Depth == DeclControlDepth.end() || Depth->second >= ControlDepth)
    return true;
  report(Diags, At, Diag::ReductionOutsideHostControlFlow)
      << R.Var->getName();
  return false;
}

} // namespace qd
