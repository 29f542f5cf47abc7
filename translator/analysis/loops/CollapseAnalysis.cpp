// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CollapseAnalysis.cpp -----------------------------------------------===//
#include "analysis/loops/CollapseAnalysis.h"
#include "diagnostics/DiagnosticIds.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace qd {
namespace {

/// The statements of \p Body that do something: a compound statement's
/// children without empty statements, or \p Body itself.
SmallVector<const Stmt *, 4> meaningfulStatements(const Stmt *Body) {
  SmallVector<const Stmt *, 4> Out;
  if (const auto *Compound = dyn_cast<CompoundStmt>(Body)) {
    for (const Stmt *Child : Compound->body())
      if (!isa<NullStmt>(Child))
        Out.push_back(Child);
    return Out;
  }
  if (!isa<NullStmt>(Body))
    Out.push_back(Body);
  return Out;
}

} // namespace

bool matchCollapsedNest(const LoopForm &Outer, const Directive &D,
                        const HostValues &Values, ASTContext &Context,
                        std::vector<LoopForm> &Inner) {
  DiagnosticsEngine &Diags = Context.getDiagnostics();
  const unsigned Depth = *D.Collapse;
  llvm::SmallPtrSet<const VarDecl *, 8> Indices{Outer.Var};
  const Stmt *Body = Outer.Body;
  for (unsigned Level = 2; Level <= Depth; ++Level) {
    SmallVector<const Stmt *, 4> Statements = meaningfulStatements(Body);
    const Stmt *Next = Statements.size() == 1 ? Statements.front() : nullptr;
    if (!Next || !isa<ForStmt>(Next)) {
      // A loop among other statements is an imperfect nest; no loop at all
      // means the nest is shallower than asked.
      auto Loop = llvm::find_if(
          Statements, [](const Stmt *S) { return isa<ForStmt>(S); });
      if (Loop == Statements.end()) {
        report(Diags, D.CollapseLoc, Diag::CollapseDeeperThanNest)
            << Depth << Level - 1;
        return false;
      }
      const Stmt *Between = Statements.front() == *Loop ? Statements[1]
                                                        : Statements.front();
      report(Diags, Between->getBeginLoc(), Diag::CollapseImperfectNest)
          << Depth << Level - 1 << Level;
      return false;
    }
    LoopForm Form;
    LoopFormMismatch Mismatch;
    if (!matchCanonicalLoop(cast<ForStmt>(Next), Form, Mismatch)) {
      report(Diags, Mismatch.Loc, Diag::UnsupportedLoopForm) << Mismatch.Reason;
      return false;
    }
    const Expr *Bounds[] = {Form.Begin, Form.End, Form.Step};
    for (unsigned Which = 0; Which < 3; ++Which) {
      if (const DeclRefExpr *Index = findReferenceTo(Bounds[Which], Indices)) {
        report(Diags, Index->getLocation(), Diag::CollapseNotRectangular)
            << Which << Index->getDecl()->getName();
        return false;
      }
    }
    if (!checkBoundsOnHost(Form, Values, Context))
      return false;
    Indices.insert(Form.Var);
    Inner.push_back(Form);
    Body = Form.Body;
  }
  return true;
}

} // namespace qd
