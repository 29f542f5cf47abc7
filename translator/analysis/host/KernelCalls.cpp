// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelCalls.cpp - A kernel called by another kernel ---------------===//
//
// SPEC section 1, "Real programs": a call of another kernel as a whole
// top-level statement of a kernel or block enqueues the callee's work right
// there, on the current stream, with the callee's own clauses; in graph mode
// the callee's launches are nodes of the caller's graph. Serial programs
// call one function per stage of a time step; this keeps that structure.
//
//===----------------------------------------------------------------------===//
#include "analysis/host/GraphSplits.h"
#include "analysis/KernelAnalyzer.h"
#include "analysis/loops/AccessAnalysis.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/ExprCXX.h"
#include <functional>

using namespace clang;

namespace qd {

namespace {

/// The declaration a call names, resolved or not ('K(a)', 'K<T>(a)', a
/// call in a template whose arguments are dependent).
const Decl *calleeDecl(const CallExpr *Call) {
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee)) {
    const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl());
    if (!FD)
      return nullptr;
    if (const FunctionTemplateDecl *T = FD->getPrimaryTemplate())
      return T->getCanonicalDecl();
    if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
      return T->getCanonicalDecl();
    return FD->getCanonicalDecl();
  }
  if (const auto *Lookup = dyn_cast<UnresolvedLookupExpr>(Callee)) {
    for (const NamedDecl *D : Lookup->decls()) {
      D = D->getUnderlyingDecl();
      if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
        return T->getCanonicalDecl();
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        return FD->getCanonicalDecl();
    }
  }
  return nullptr;
}

} // namespace

bool Analyzer::analyzeKernelCall(const Stmt *S, std::vector<Step> &Out) {
  const auto *E = dyn_cast<Expr>(S);
  const auto *Call = E ? dyn_cast<CallExpr>(E->IgnoreImplicit()) : nullptr;
  if (!Call || isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Call))
    return false;
  const Decl *Key = calleeDecl(Call);
  auto Kernel = Key ? Kernels.find(Key) : Kernels.end();
  if (Kernel == Kernels.end())
    return false;
  const FunctionDecl *Callee = Kernel->second;
  bool Ok = true;
  for (const Expr *Arg : Call->arguments()) {
    if (isa<CXXDefaultArgExpr>(Arg) || isHostExpr(Arg))
      continue;
    report(Diags, Arg->getBeginLoc(), Diag::KernelCallArgumentOnDevice)
        << sourceText(Arg, Context) << Callee->getName();
    Ok = false;
  }
  if (!Ok)
    return true;
  checkPrivatizedReads(Call);
  Step Enqueue;
  Enqueue.Kind = StepKind::KernelCall;
  Enqueue.S = S;
  Enqueue.Call = Call;
  Enqueue.Callee = Callee;
  Out.push_back(std::move(Enqueue));
  return true;
}

void Analyzer::checkKernelCalls(std::vector<KernelPlan> &Plans) {
  llvm::DenseMap<const FunctionDecl *, KernelPlan *> ByFunction;
  for (KernelPlan &P : Plans)
    ByFunction[P.Function] = &P;
  // Depth-first over the calls; a call to a kernel on the current path
  // closes a cycle.
  llvm::DenseMap<const KernelPlan *, unsigned> State; // 1: on path, 2: done
  std::function<void(KernelPlan &)> Visit = [&](KernelPlan &P) {
    State[&P] = 1;
    forEachStep(P.Steps, [&](const Step &S) {
      if (!P.StreamOnly && S.Kind == StepKind::HostLoop &&
          !S.Captures.empty() && S.GraphTest.empty()) {
        P.StreamOnly = S.S;
        P.StreamOnlyWhy = KernelPlan::StreamOnlyReason::DeviceCondition;
        P.StreamOnlyDetail = S.NoGraphLoop;
      }
      if (S.Kind != StepKind::KernelCall)
        return;
      KernelPlan *Callee = ByFunction.lookup(S.Callee);
      if (!Callee)
        return;
      Callee->Called = true;
      unsigned CalleeState = State.lookup(Callee);
      if (CalleeState == 1)
        report(Diags, S.Call->getBeginLoc(), Diag::KernelCallRecursive)
            << S.Callee->getName() << P.Function->getName();
      else if (CalleeState == 0)
        Visit(*Callee);
      // The callee's host code runs inside this kernel's work.
      if (Callee->StreamOnly && !P.StreamOnly) {
        P.StreamOnly = S.S;
        // What the user asked for is not a graph-mode limit to warn about.
        const bool Requested =
            Callee->StreamOnlyWhy == KernelPlan::StreamOnlyReason::HostWait ||
            Callee->StreamOnlyWhy == KernelPlan::StreamOnlyReason::DataUpdate;
        P.StreamOnlyWhy =
            Requested ? Callee->StreamOnlyWhy : KernelPlan::StreamOnlyReason::Callee;
      }
    });
    // The user's waits and copies end the call's graph where they stand,
    // or keep the kernel in stream mode where a graph cannot end.
    const GraphSplitScan Splits =
        scanGraphSplits(P.Steps, [&](const Step &Call) {
          const KernelPlan *Callee = ByFunction.lookup(Call.Callee);
          return Callee && !Callee->StreamOnly && !Callee->GraphSplits.empty();
        });
    P.GraphSplits = Splits.Splits;
    if (!P.StreamOnly && Splits.Unsplittable) {
      const Step &S = *Splits.Unsplittable;
      P.StreamOnly = S.S ? S.S : P.Function->getBody();
      P.StreamOnlyWhy = S.Kind == StepKind::DataUpdate
                            ? KernelPlan::StreamOnlyReason::DataUpdate
                            : KernelPlan::StreamOnlyReason::HostWait;
    }
    State[&P] = 2;
  };
  for (KernelPlan &P : Plans)
    if (!State.lookup(&P))
      Visit(P);
}

} // namespace qd
