// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- VectorLoopAnalysis.cpp ---------------------------------------------===//
//
// The group of threads that runs one outer iteration must behave like the one
// thread of the serial program. Statements that only compute body locals are
// run by every thread of the group, which then all hold the locals. Any other
// statement (a store, a call that may store, an atomic) is run by one thread;
// the body locals it may have written are then shared with the group. Whether
// a statement has an effect outside the body's locals is decided
// conservatively: a call to anything but a system function that takes no
// pointer and no non-const reference counts as one.
//
//===----------------------------------------------------------------------===//
#include "analysis/loops/VectorLoopAnalysis.h"
#include "analysis/device/DeviceFunctions.h"
#include "analysis/loops/AccessAnalysis.h"
#include "analysis/loops/DependenceAnalysis.h"
#include "analysis/loops/LeavingJumps.h"
#include "analysis/loops/ReductionAnalysis.h"
#include "analysis/memory/CaptureAnalysis.h"
#include "analysis/memory/MayWrite.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"

using namespace clang;

namespace qd {
namespace {

bool isSystemFunctionWithoutOutputs(const FunctionDecl *FD,
                                    const SourceManager &SM) {
  if (!FD || FD->isVariadic() ||
      !SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
    return false;
  for (const ParmVarDecl *P : FD->parameters()) {
    QualType T = P->getType();
    if (T->isPointerType())
      return false;
    if (T->isReferenceType() && !T->getPointeeType().isConstQualified())
      return false;
  }
  return true;
}

/// Whether a statement may change anything but the body's locals.
class EffectFinder : public RecursiveASTVisitor<EffectFinder> {
public:
  EffectFinder(const llvm::SmallPtrSetImpl<const VarDecl *> &Locals,
               const SourceManager &SM)
      : Locals(Locals), SM(SM) {}

  bool Found = false;

  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp() && !writesLocal(BO->getLHS()))
      Found = true;
    return !Found;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() && !writesLocal(UO->getSubExpr()))
      Found = true;
    return !Found;
  }
  bool VisitCallExpr(CallExpr *Call) {
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call)) {
      OverloadedOperatorKind K = Op->getOperator();
      if ((K == OO_PlusPlus || K == OO_MinusMinus ||
           Op->isAssignmentOp()) &&
          Op->getNumArgs() >= 1) {
        if (!writesLocal(Op->getArg(0)))
          Found = true;
        return !Found;
      }
    }
    // Template patterns leave some calls unresolved: assume the worst.
    if (!isSystemFunctionWithoutOutputs(Call->getDirectCallee(), SM))
      Found = true;
    return !Found;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    const CXXConstructorDecl *Ctor = E->getConstructor();
    if (Ctor && !Ctor->isTrivial() && Ctor->isUserProvided() &&
        !SM.isInSystemHeader(SM.getExpansionLoc(Ctor->getLocation())))
      Found = true;
    return !Found;
  }
  bool VisitCXXNewExpr(CXXNewExpr *) { return fail(); }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *) { return fail(); }
  bool VisitAsmStmt(AsmStmt *) { return fail(); }
  bool VisitUnresolvedLookupExpr(UnresolvedLookupExpr *) { return fail(); }
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *) {
    return fail();
  }

private:
  const llvm::SmallPtrSetImpl<const VarDecl *> &Locals;
  const SourceManager &SM;

  bool fail() {
    Found = true;
    return false;
  }

  /// The written object is (part of) a body local held by value.
  bool writesLocal(const Expr *E) const {
    const VarDecl *Var = writtenVariable(E);
    return Var && Locals.count(Var) && !Var->getType()->isReferenceType();
  }
};

/// Every body local \p S may change (MayWrite.h), each with the first
/// place that does it.
llvm::DenseMap<const VarDecl *, SourceLocation>
changedVariables(const Stmt *S, bool UnresolvedCallsWrite) {
  llvm::DenseMap<const VarDecl *, SourceLocation> Changed;
  MayWriteOptions Options;
  Options.UnresolvedCallsWrite = UnresolvedCallsWrite;
  forEachMayWrite(
      S,
      [&](const VariableWrite &W) {
        Changed.try_emplace(W.Var, W.At->getBeginLoc());
        return true;
      },
      Options);
  return Changed;
}

/// Each thread's lambda refers to that thread's own locals, and a closure
/// cannot be assigned: one is never shared, whatever aliases it. (In a
/// template's pattern an 'auto' stays undeduced: the initializer tells.)
bool holdsLambda(const VarDecl *Var) {
  const CXXRecordDecl *Record = classOf(Var->getType());
  return (Record && Record->isLambda()) || lambdaHeldBy(Var);
}

/// Whether objects of \p T hold references (a reference member, at any
/// depth): each thread's object refers to that thread's own locals, so
/// copying the leader's bits into another thread would point that thread at
/// the leader's locals, and a reference member cannot be assigned anyway.
/// The locals it refers to are shared instead.
bool holdsReferences(QualType T) {
  const CXXRecordDecl *RD = classOf(T);
  if (!RD || !RD->hasDefinition())
    return false;
  for (const FieldDecl *Field : RD->getDefinition()->fields())
    if (Field->getType()->isReferenceType() ||
        holdsReferences(Field->getType()))
      return true;
  return false;
}

class VectorAnalyzer {
public:
  VectorAnalyzer(const VectorLoopContext &VC, DirectiveList &Directives,
                 ASTContext &Context)
      : VC(VC), Directives(Directives), Context(Context),
        SM(Context.getSourceManager()), Diags(Context.getDiagnostics()) {}

  bool run(Step &Loop,
           std::vector<std::pair<SourceRange, SourceLocation>> &Ranges);

private:
  const VectorLoopContext &VC;
  DirectiveList &Directives;
  ASTContext &Context;
  const SourceManager &SM;
  DiagnosticsEngine &Diags;

  /// Token order within macro expansions too (Analyzer::before).
  bool before(SourceLocation A, SourceLocation B) const {
    return SM.isBeforeInTranslationUnit(A, B);
  }

  std::vector<const Directive *> attach(llvm::ArrayRef<const Stmt *> Body);
  bool checkVectorLoop(const Directive &D, const Stmt *S,
                       const llvm::StringMap<const VarDecl *> &Earlier,
                       const llvm::SmallPtrSetImpl<const VarDecl *> &Before,
                       VectorLoop &Out);
  void chooseMapping(VectorBody &V);
};

std::vector<const Directive *>
VectorAnalyzer::attach(llvm::ArrayRef<const Stmt *> Body) {
  std::vector<const Directive *> Attached(Body.size(), nullptr);
  // A single-statement body has no brace to start from: the parallel
  // loop's ')' is where it starts.
  SourceLocation PrevEnd = isa<CompoundStmt>(VC.Body)
                               ? VC.Body->getBeginLoc()
                               : VC.Parent->getRParenLoc();
  for (size_t I = 0; I < Body.size(); ++I) {
    for (Directive &D : Directives.all()) {
      if (D.Consumed || D.Kind != DirectiveKind::Loop ||
          (!D.Vector && !D.VectorLength))
        continue;
      if (before(PrevEnd, D.Loc) && before(D.Loc, Body[I]->getBeginLoc()) &&
          !Attached[I]) {
        D.Consumed = true;
        Attached[I] = &D;
      }
    }
    PrevEnd = Body[I]->getEndLoc();
  }
  return Attached;
}

bool VectorAnalyzer::checkVectorLoop(
    const Directive &D, const Stmt *S,
    const llvm::StringMap<const VarDecl *> &Earlier,
    const llvm::SmallPtrSetImpl<const VarDecl *> &Before, VectorLoop &Out) {
  bool Ok = true;
  if (!D.Vector) {
    report(Diags, D.VectorLengthLoc, Diag::VectorLengthWithoutVector);
    return false;
  }
  if (D.Collapse) {
    report(Diags, D.CollapseLoc, Diag::VectorLoopClause) << "collapse";
    Ok = false;
  }
  if (D.BlockDim) {
    report(Diags, D.NameLoc, Diag::VectorLoopClause) << "block_dim";
    Ok = false;
  }
  const auto *For = dyn_cast<ForStmt>(S);
  if (!For) {
    report(Diags, D.NameLoc, Diag::VectorLoopMisplaced);
    return false;
  }
  LoopFormMismatch Mismatch;
  if (!matchCanonicalLoop(For, Out.Loop, Mismatch)) {
    report(Diags, Mismatch.Loc, Diag::UnsupportedLoopForm) << Mismatch.Reason;
    return false;
  }
  Out.For = For;
  Out.PragmaLoc = D.Loc;
  if (const Stmt *Break = findLeavingJump(Out.Loop.Body, LeaveByBreak)) {
    report(Diags, Break->getBeginLoc(), Diag::BreakInVectorLoop);
    Ok = false;
  }
  if (std::optional<VariableWrite> Write =
          findMayWrite(Out.Loop.Body, [&](const VarDecl *Var) {
            return Var == Out.Loop.Var;
          })) {
    report(Diags, Write->At->getExprLoc(), Diag::LoopIndexWritten)
        << Write->Var->getName();
    Ok = false;
  }
  Ok &= checkIndependentIterations(Out.Loop.Body, {&Out.Loop},
                                   /*Vector=*/true, Context);
  if (!D.Reductions.empty()) {
    ReductionScope Scope;
    Scope.SameLevel = &Earlier;
    Scope.Kernel = VC.Kernel;
    Scope.IsHostScalar = [](const VarDecl *) { return true; };
    if (!resolveReductions(D, Scope, Context, Out.Reductions) ||
        !checkReductionUses(Out.Loop.Body, Out.Reductions, Context))
      Ok = false;
  }
  // An error needs certainty: calls a template leaves unresolved are given
  // the benefit of the doubt.
  std::vector<std::pair<SourceLocation, const VarDecl *>> Bad;
  for (const auto &[Var, Loc] :
       changedVariables(For, /*UnresolvedCallsWrite=*/false))
    if (Before.count(Var) && !isReduced(Out.Reductions, Var))
      Bad.push_back({Loc, Var});
  llvm::sort(Bad, [&](const auto &A, const auto &B) {
    return before(A.first, B.first);
  });
  if (!Bad.empty()) {
    report(Diags, Bad.front().first, Diag::VectorLoopWritesBodyLocal)
        << Bad.front().second->getName();
    Ok = false;
  }
  return Ok;
}

void VectorAnalyzer::chooseMapping(VectorBody &V) {
  // Neighbouring threads take neighbouring vector-loop iterations in the
  // contiguous layout, neighbouring outer iterations in the strided one;
  // count the vector loops' accesses that coalesce either way.
  std::vector<Access> Outer = analyzeAccesses(VC.Body, VC.OuterIndex, Context);
  for (const VectorLoop &L : V.Loops) {
    SourceRange R = L.For->getSourceRange();
    auto Inside = [&](const Access &A) {
      return !before(A.E->getBeginLoc(), R.getBegin()) &&
             !before(R.getEnd(), A.E->getBeginLoc());
    };
    for (const Access &A : analyzeAccesses(VC.Body, L.Loop.Var, Context))
      if (Inside(A) && A.Stride.Known && A.Stride.coalesces())
        ++V.CoalescedContiguous;
    for (const Access &A : Outer)
      if (Inside(A) && A.Stride.Known && A.Stride.coalesces())
        ++V.CoalescedStrided;
  }
  V.Mapping = V.CoalescedStrided > V.CoalescedContiguous
                  ? VectorMapping::Strided
                  : VectorMapping::Contiguous;
}

bool VectorAnalyzer::run(
    Step &Loop, std::vector<std::pair<SourceRange, SourceLocation>> &Ranges) {
  std::vector<const Stmt *> Body;
  if (const auto *Compound = dyn_cast<CompoundStmt>(VC.Body))
    Body.assign(Compound->body_begin(), Compound->body_end());
  else
    Body.push_back(VC.Body);
  std::vector<const Directive *> Attached = attach(Body);
  if (llvm::all_of(Attached, [](const Directive *D) { return !D; }))
    return true;

  // Every local declared anywhere in the body: what statements may write
  // without an effect outside it.
  llvm::SmallPtrSet<const VarDecl *, 16> Locals;
  struct LocalCollector : RecursiveASTVisitor<LocalCollector> {
    llvm::SmallPtrSetImpl<const VarDecl *> *Out;
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool VisitVarDecl(VarDecl *V) {
      if (V->isLocalVarDecl())
        Out->insert(V);
      return true;
    }
  } Collector;
  Collector.Out = &Locals;
  Collector.TraverseStmt(const_cast<Stmt *>(VC.Body));

  // A local whose address or reference is held anywhere in the body may
  // change through that alias ('int* p = arr; ... *p = 1;'), which names
  // only the alias. An aggregate or class may hold one too
  // ('Bumper b{acc}; b.hit();'), and so may what a call returns when the
  // call took the local by reference; a template's dependent type may be
  // any of these.
  llvm::SmallPtrSet<const VarDecl *, 8> Aliased;
  struct AliasCollector : RecursiveASTVisitor<AliasCollector> {
    llvm::SmallPtrSetImpl<const VarDecl *> *Out;
    void collect(const Expr *Held) {
      MayWriteOptions Options;
      Options.UnresolvedCallsWrite = true;
      forEachMayWrite(
          Held,
          [&](const VariableWrite &W) {
            if (W.Kind == WriteKind::AddressTaken ||
                W.Kind == WriteKind::BoundToReference ||
                W.Kind == WriteKind::BoundToReferenceMember ||
                W.Kind == WriteKind::PassedByReference)
              Out->insert(W.Var);
            return true;
          },
          Options);
    }
    bool VisitVarDecl(VarDecl *V) {
      QualType T = V->getType();
      if (V->getInit() &&
          (T->isPointerType() || T->isReferenceType() || T->isRecordType() ||
           T->isArrayType() || T->isDependentType() ||
           T->isUndeducedType()))
        collect(V->getInit());
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      if (BO->getOpcode() == BO_Assign && BO->getType()->isPointerType())
        collect(BO->getRHS());
      return true;
    }
  } Aliases;
  Aliases.Out = &Aliased;
  Aliases.TraverseStmt(const_cast<Stmt *>(VC.Body));

  bool Ok = true;
  VectorBody V;
  SourceLocation FirstLengthLoc;
  llvm::StringMap<const VarDecl *> Earlier;
  llvm::SmallPtrSet<const VarDecl *, 8> Before;
  std::vector<const VarDecl *> BeforeInOrder;
  for (size_t I = 0; I < Body.size(); ++I) {
    const Stmt *S = Body[I];
    BodyStatement BS;
    BS.S = S;
    if (const Directive *D = Attached[I]) {
      VectorLoop L;
      if (!checkVectorLoop(*D, S, Earlier, Before, L)) {
        Ok = false;
        continue;
      }
      Ranges.push_back({L.For->getSourceRange(), D->NameLoc});
      const unsigned Length = D->VectorLength.value_or(DefaultVectorLength);
      SourceLocation LengthLoc =
          D->VectorLength ? D->VectorLengthLoc : D->NameLoc;
      if (V.Length != 0 && Length != V.Length) {
        report(Diags, LengthLoc, Diag::VectorLengthMismatch)
            << Length << V.Length;
        Ok = false;
      }
      if (V.Length == 0) {
        V.Length = Length;
        FirstLengthLoc = LengthLoc;
      }
      BS.Kind = BodyStatementKind::Vector;
      BS.Vector = V.Loops.size();
      V.Loops.push_back(std::move(L));
      V.Statements.push_back(std::move(BS));
      continue;
    }
    EffectFinder Effects(Locals, SM);
    Effects.TraverseStmt(const_cast<Stmt *>(S));
    if (Effects.Found) {
      BS.Kind = BodyStatementKind::Leader;
      // A declaration's initializer may change earlier locals too
      // ('int k = bump(acc);'): the group receives them after it.
      const auto Changed = changedVariables(S, /*UnresolvedCallsWrite=*/true);
      for (const VarDecl *Var : BeforeInOrder)
        if ((Changed.count(Var) || Aliased.count(Var)) && !holdsLambda(Var) &&
            !holdsReferences(Var->getType()))
          BS.Shared.push_back(Var);
    }
    V.Statements.push_back(std::move(BS));
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *Dcl : DS->decls())
        if (const auto *Var = dyn_cast<VarDecl>(Dcl)) {
          Earlier[Var->getName()] = Var;
          if (Before.insert(Var).second)
            BeforeInOrder.push_back(Var);
        }
  }
  if (!Ok || V.Loops.empty())
    return Ok;
  chooseMapping(V);
  // A strided layout reads 4-byte elements of kWarp neighbouring outer
  // iterations per warp only when the block holds kWarp groups: unless told
  // otherwise, make it so (a 128-byte line per warp, as a hand-written
  // column kernel does).
  constexpr unsigned kWarp = 32;
  if (V.Mapping == VectorMapping::Strided && !VC.BlockDimGiven)
    Loop.BlockDim = std::min(MaxBlockDim, std::max(Loop.BlockDim,
                                                   kWarp * V.Length));
  if (Loop.BlockDim % V.Length != 0) {
    report(Diags, FirstLengthLoc, Diag::VectorLengthNotDividingBlock)
        << V.Length << Loop.BlockDim;
    return false;
  }
  Loop.Vector = std::move(V);
  return true;
}

} // namespace

bool analyzeVectorLoops(
    const VectorLoopContext &VC, DirectiveList &Directives,
    ASTContext &Context, Step &Loop,
    std::vector<std::pair<SourceRange, SourceLocation>> &VectorRanges) {
  return VectorAnalyzer(VC, Directives, Context).run(Loop, VectorRanges);
}

} // namespace qd
