// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CheckEvery.cpp - Reading a loop's condition back every N iterations -===//
//
// SPEC section 1, "Loops whose condition the GPU computes": in stream mode
// the host reads such a loop's condition back before each test, and waits
// for the GPU every iteration. 'check_every(N)' reads it every N
// iterations instead:
//
//   #pragma qd loop seq check_every(10)
//   while (res > tol && it < max_it) { res = 0.f; ...reduce...; ++it; }
//
// The GPU tests the condition itself, once per iteration (a one-thread
// task, Branches[1]); once it is false, every later launch of the body
// returns at once, so the iterations the host enqueues past the serial
// program's last change nothing on the device. The host statements of
// those iterations do run ('++it'): the host keeps the values they change
// at each test and, at the read-back, puts back the ones of the test that
// failed. What the body cannot take back is rejected: host code
// ('#pragma qd host' may call any library), calls of other kernels (whose
// launches do not know the predicate), jumps out of the loop (the host
// would leave it without the GPU's answer) and nested device-condition
// loops (whose own read-backs would see turned-off iterations).
//
//===----------------------------------------------------------------------===//
#include "analysis/KernelAnalyzer.h"
#include "analysis/memory/MayWrite.h"
#include "diagnostics/DiagnosticIds.h"

using namespace clang;

namespace qd {

namespace {

/// The first step of \p Steps (at any depth) that a predicated iteration
/// cannot run, reported. \p NestedBreak and \p NestedContinue: a 'break' or
/// 'continue' here leaves a loop or switch inside the checked loop.
bool reportUnpredictable(const std::vector<Step> &Steps, bool NestedBreak,
                         bool NestedContinue, DiagnosticsEngine &Diags) {
  for (const Step &S : Steps) {
    std::optional<unsigned> Why;
    std::string Jump;
    if (S.Kind == StepKind::HostCode)
      Why = 0;
    else if (S.Kind == StepKind::KernelCall)
      Why = 1;
    else if (S.Kind == StepKind::HostJump) {
      const bool IsBreak = isa<BreakStmt>(S.S);
      if (isa<ReturnStmt>(S.S) || (IsBreak ? !NestedBreak : !NestedContinue)) {
        Why = 2;
        Jump = isa<ReturnStmt>(S.S) ? "return" : IsBreak ? "break" : "continue";
      }
    } else if (S.Kind == StepKind::HostLoop && !S.Captures.empty())
      Why = 3;
    if (Why) {
      report(Diags, S.S->getBeginLoc(), Diag::CheckEveryBodyUnsupported)
          << *Why << Jump;
      return true;
    }
    for (const Block &B : S.Blocks)
      if (reportUnpredictable(B.Steps, NestedBreak, NestedContinue, Diags))
        return true;
    const bool Loop = S.Kind == StepKind::HostLoop;
    const bool Switch = S.Kind == StepKind::HostSwitch;
    for (const std::vector<Step> &Branch : S.Branches)
      if (reportUnpredictable(Branch, NestedBreak || Loop || Switch,
                              NestedContinue || Loop, Diags))
        return true;
  }
  return false;
}

/// The host code of \p Steps, at any depth, that may change a variable:
/// host statements and declarations, host conditions, nested loops' own
/// parts, and host values assigned to device scalars.
void hostCode(const std::vector<Step> &Steps,
              std::vector<const Stmt *> &Out) {
  for (const Step &S : Steps) {
    switch (S.Kind) {
    case StepKind::HostStatement:
    case StepKind::HostScalar:
    case StepKind::DeviceScalarSet:
      if (!S.OnDevice)
        Out.push_back(S.S);
      break;
    case StepKind::HostIf:
      Out.push_back(cast<IfStmt>(S.S)->getCond());
      break;
    case StepKind::HostSwitch:
      Out.push_back(cast<SwitchStmt>(S.S)->getCond());
      break;
    case StepKind::HostLoop:
      if (const auto *For = dyn_cast<ForStmt>(S.S)) {
        Out.push_back(For->getInit());
        Out.push_back(For->getInc());
      }
      Out.push_back(hostLoopCondition(S.S));
      break;
    default:
      break;
    }
    for (const Block &B : S.Blocks)
      hostCode(B.Steps, Out);
    for (const std::vector<Step> &Branch : S.Branches)
      hostCode(Branch, Out);
  }
}

} // namespace

void Analyzer::analyzeCheckEvery(const Directive &D, const Expr *Cond,
                                 const Expr *Inc, Step &Loop) {
  // check_every(1) is what the loop does without the clause.
  if (!D.CheckEvery || *D.CheckEvery == 1)
    return;
  if (Loop.Captures.empty()) {
    report(Diags, D.CheckEveryLoc, Diag::CheckEveryIgnored);
    return;
  }
  MayWriteOptions Writes;
  Writes.UnresolvedCallsWrite = true;
  if (std::optional<VariableWrite> W = findMayWrite(
          Cond, [](const VarDecl *) { return true; }, Writes)) {
    report(Diags, W->At->getBeginLoc(), Diag::CheckEveryConditionWrites)
        << W->Var->getName();
    return;
  }
  if (reportUnpredictable(Loop.Branches.front(), false, false, Diags))
    return;

  // The condition, tested on the GPU: a serial task of its own.
  if (!passGlobals(Cond))
    return;
  Step Test;
  Test.Kind = StepKind::SerialTask;
  Test.S = Cond;
  captureTaskValues(Test, {});

  // What the host must put back: host values declared before the loop that
  // its host code may change.
  std::vector<const Stmt *> Code{Inc};
  hostCode(Loop.Branches.front(), Code);
  llvm::SetVector<const VarDecl *> Restored;
  for (const Stmt *S : Code) {
    if (!S)
      continue;
    forEachMayWrite(
        S,
        [&](const VariableWrite &W) {
          if (Values.contains(W.Var) && !DeviceScalars.count(W.Var) &&
              before(W.Var->getLocation(), Loop.S->getBeginLoc()))
            Restored.insert(W.Var);
          return true;
        },
        Writes);
  }

  Loop.CheckEvery = *D.CheckEvery;
  Loop.PredicateSlot = Plan->ScratchSlots++;
  Loop.Restored.assign(Restored.begin(), Restored.end());
  Loop.Branches.push_back({std::move(Test)});
}

} // namespace qd
