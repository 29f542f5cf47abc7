// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CoarsenRemarks.cpp - What --remarks says of coarsening -------------===//
#include "remarks/CoarsenRemarks.h"
#include "analysis/loops/AccessAnalysis.h"
#include "analysis/memory/CaptureAnalysis.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include <map>

using namespace clang;

namespace qd {
namespace {

/// Reads through one pointer whose addresses move alike with the row and
/// the innermost index: shifted copies of one access, like a stencil's
/// taps. Two of them at different places read, at neighbouring rows, what
/// the other read.
void reuseRemarks(const Step &S, ASTContext &Ctx) {
  const VarDecl *Row = S.rowLoop().Var;
  const VarDecl *Fast = S.Collapsed.back().Var;
  const Stmt *Body = S.deviceCode();
  const std::vector<Access> ByRow = analyzeAccesses(Body, Row, Ctx);
  const std::vector<Access> ByFast = analyzeAccesses(Body, Fast, Ctx);
  // The variables of the body's own loops: an access that uses one is at
  // several places, one per iteration (a stencil's taps written as a loop).
  struct LoopVars : RecursiveASTVisitor<LoopVars> {
    llvm::SmallPtrSet<const VarDecl *, 4> Found;
    bool VisitForStmt(ForStmt *For) {
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit()))
        for (const Decl *D : DS->decls())
          if (const auto *Var = dyn_cast<VarDecl>(D))
            Found.insert(Var);
      return true;
    }
  } Loops;
  Loops.TraverseStmt(const_cast<Stmt *>(Body));
  auto InLoop = [&](const Expr *E) {
    return findReferenceTo(E, Loops.Found) != nullptr;
  };
  struct Group {
    const Access *First = nullptr;
    llvm::StringSet<> Places;
    bool InLoop = false;
    /// Some iteration reads what one up to MaxCoarsen rows away reads in
    /// the same column: two places a few rows apart, or a loop of the body
    /// that moves the place by rows.
    bool SharedByRows = false;
    std::vector<Polynomial> Offsets;
  };
  // A distance of k rows, 1 <= |k| <= MaxCoarsen, in the same column.
  auto FewRows = [&](const Polynomial &Distance, const Polynomial &RowStride) {
    const std::optional<int64_t> K = Distance.multipleOf(RowStride);
    return K && *K != 0 && *K >= -int64_t(MaxCoarsen) &&
           *K <= int64_t(MaxCoarsen);
  };
  std::map<std::string, Group> Groups; // by pointer, then strides
  for (size_t I = 0; I < ByRow.size() && I < ByFast.size(); ++I) {
    const Access &A = ByRow[I];
    const Access &B = ByFast[I];
    if (A.Write || !A.Pointer || !A.Stride.Known || !B.Stride.Known ||
        A.Stride.Elements.isZero())
      continue;
    Group &G = Groups[A.Pointer->getNameAsString() + "|" +
                      A.Stride.Elements.str() + "|" + B.Stride.Elements.str()];
    if (!G.First)
      G.First = &A;
    G.Places.insert(sourceText(A.E, Ctx));
    G.InLoop = G.InLoop || InLoop(A.E);
    for (const Polynomial &Other : G.Offsets)
      G.SharedByRows |= FewRows(A.Offset - Other, A.Stride.Elements);
    for (const VarDecl *Var : Loops.Found)
      G.SharedByRows |= FewRows(A.Offset.coefficientOf(Var->getNameAsString()),
                                A.Stride.Elements);
    G.Offsets.push_back(A.Offset);
  }
  for (const auto &[Key, G] : Groups) {
    // Places at other distances (a halo's far edge, another plane) share
    // nothing with the neighbouring rows.
    if ((G.Places.size() < 2 && !G.InLoop) || !G.SharedByRows)
      continue;
    report(Ctx.getDiagnostics(), G.First->E->getBeginLoc(),
           Diag::RemarkNeighbourReuse)
        << G.First->Pointer->getName() << (G.Places.size() < 2 ? 1u : 0u)
        << ("'" + Row->getNameAsString() + "' and '" +
            Fast->getNameAsString() + "'")
        << sourceText(G.First->E, Ctx) << Row->getName()
        << (S.Coarsen ? 0u : 1u) << G.First->E->getSourceRange();
  }
}

} // namespace

void emitCoarsenRemarks(const Step &S, const std::string &VarList,
                        ASTContext &Ctx) {
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  const unsigned Depth = unsigned(S.Collapsed.size() + 1);
  const LoopForm &Fast = S.Collapsed.back();
  SourceLocation Loc = S.S->getBeginLoc();
  if (S.Coarsen)
    report(Diags, Loc, Diag::RemarkCoarsenedLoop)
        << Depth << VarList << S.BlockDim << S.Coarsen->Rows
        << S.rowLoop().Var->getName() << Fast.Var->getName()
        << (S.Coarsen->Explicit ? 1u : 0u);
  else
    report(Diags, Loc, Diag::RemarkCollapsedLoop)
        << Depth << VarList << S.BlockDim << Fast.Var->getName();
  if (!S.NotCoarsened.empty())
    report(Diags, Loc, Diag::RemarkNotCoarsened)
        << Depth << S.rowLoop().Var->getName() << S.NotCoarsened;
  reuseRemarks(S, Ctx);
}

} // namespace qd
