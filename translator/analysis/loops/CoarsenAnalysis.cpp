// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CoarsenAnalysis.cpp - Several rows per thread in a collapse --------===//
#include "analysis/loops/CoarsenAnalysis.h"
#include "analysis/loops/LeavingJumps.h"
#include "analysis/loops/LoopForm.h"
#include "analysis/memory/MayWrite.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace qd {
namespace {

/// What the body uses that a coarsened copy cannot keep: 'decltype' (of a
/// local, which becomes a reference to its row's copy), a declaration of a
/// type (which the row copies' types may name).
class BodyScanner : public RecursiveASTVisitor<BodyScanner> {
public:
  std::string Problem;

  bool VisitDecltypeTypeLoc(DecltypeTypeLoc) {
    return fail("the body uses 'decltype', whose type would change when "
                "each row's locals become references to its copy");
  }
  bool VisitTagDecl(TagDecl *) { return fail("the body declares a type"); }
  bool VisitTypedefNameDecl(TypedefNameDecl *) {
    return fail("the body declares a type");
  }

private:
  bool fail(const char *Why) {
    Problem = Why;
    return false;
  }
};

} // namespace

std::string interleavingProblem(const Step &Loop) {
  if (Loop.Vector)
    return "the body has vector loops";
  if (!Loop.Privates.empty())
    return "the body writes '" + Loop.Privates.front()->getNameAsString() +
           "', a kernel local that each iteration keeps a copy of";
  const Stmt *Body = Loop.deviceCode();
  if (const Stmt *Jump = findLeavingJump(Body, LeaveIteration))
    return std::string("a '") +
           (isa<ContinueStmt>(Jump) ? "continue" : "jump") +
           "' leaves an iteration early";
  BodyScanner Scanner;
  Scanner.TraverseStmt(const_cast<Stmt *>(Body));
  return Scanner.Problem;
}

std::string copyProblem(const VarDecl *Var, ASTContext &Context) {
  const std::string Name = "'" + Var->getNameAsString() + "'";
  if (!Var->hasLocalStorage())
    return Name + " is a static local, which the rows share";
  QualType T = Var->getType();
  if (T->isReferenceType())
    return Name + " is a reference, and each row would need its own";
  if (T->isVariableArrayType())
    return Name + " is a variable-length array";
  if (!T.isTrivialType(Context) || T.isVolatileQualified())
    return Name + " has type '" + T.getAsString() +
           "', which is not a trivial type that each row can copy";
  if (!hasRowInitializer(Var))
    return "";
  const Expr *Init = Var->getInit();
  if (T->isArrayType())
    return Name + " is an array with an initializer";
  // A row's copy is assigned its initializer: 'v = e' and, for scalars,
  // 'v = {e}' mean what the declaration did.
  if (!T->isScalarType() && (Var->getInitStyle() != VarDecl::CInit ||
                             isa<InitListExpr>(Init->IgnoreImplicit())))
    return "the initializer of " + Name +
           " is not an expression that can be assigned";
  return "";
}

namespace {

class Planner {
public:
  Planner(const Step &Loop, const VarDecl *RowVar, ASTContext &Context)
      : RowVar(RowVar), Context(Context) {
    struct Finder : RecursiveASTVisitor<Finder> {
      llvm::SmallPtrSetImpl<const VarDecl *> &Out;
      explicit Finder(llvm::SmallPtrSetImpl<const VarDecl *> &Out) : Out(Out) {}
      bool VisitVarDecl(VarDecl *Var) {
        Out.insert(Var);
        return true;
      }
    } F(BodyLocals);
    F.TraverseStmt(const_cast<Stmt *>(Loop.deviceCode()));
  }

  std::string Problem;
  std::vector<const VarDecl *> RowLocals;

  /// The statements of \p Body (a compound statement or one statement).
  bool plan(const Stmt *Body, std::vector<CoarsenedStatement> &Out) {
    if (const auto *CS = dyn_cast<CompoundStmt>(Body)) {
      for (const Stmt *Child : CS->body())
        if (!planStatement(Child, Out))
          return false;
      return true;
    }
    return planStatement(Body, Out);
  }

private:
  const VarDecl *RowVar;
  ASTContext &Context;
  llvm::SmallPtrSet<const VarDecl *, 16> BodyLocals;
  /// The variables of the entered loops around: the same for every row.
  llvm::SmallPtrSet<const VarDecl *, 8> Shared;

  bool fail(std::string Why) {
    Problem = std::move(Why);
    return false;
  }

  bool planStatement(const Stmt *S, std::vector<CoarsenedStatement> &Out) {
    if (isa<NullStmt>(S))
      return true;
    CoarsenedStatement C;
    C.S = S;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls()) {
        const auto *Var = dyn_cast<VarDecl>(D);
        if (!Var)
          return fail("the body declares something other than a variable");
        if (!rowLocal(Var))
          return false;
        RowLocals.push_back(Var);
      }
    } else if (const auto *For = dyn_cast<ForStmt>(S); For && enterable(For)) {
      C.Entered = true;
      llvm::SmallVector<const VarDecl *, 4> Own;
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit()))
        for (const Decl *D : DS->decls())
          Own.push_back(cast<VarDecl>(D));
      Shared.insert(Own.begin(), Own.end());
      const bool Planned = plan(For->getBody(), C.Body);
      for (const VarDecl *Var : Own)
        Shared.erase(Var);
      if (!Planned)
        return false;
    }
    Out.push_back(std::move(C));
    return true;
  }

  /// Whether \p Var can have one copy per row, reached through a reference
  /// to it.
  bool rowLocal(const VarDecl *Var) {
    std::string Why = copyProblem(Var, Context);
    return Why.empty() || fail(std::move(Why));
  }

  /// Whether the variables a loop header uses are the same for every row:
  /// none of the body's locals but its own, not the coarsened index.
  bool sameForEveryRow(const Stmt *Part,
                       const llvm::SmallPtrSetImpl<const VarDecl *> &Own) {
    struct Finder : RecursiveASTVisitor<Finder> {
      const Planner &P;
      const llvm::SmallPtrSetImpl<const VarDecl *> &Own;
      bool Varies = false;
      Finder(const Planner &P, const llvm::SmallPtrSetImpl<const VarDecl *> &Own)
          : P(P), Own(Own) {}
      bool VisitDeclRefExpr(DeclRefExpr *DRE) {
        const auto *Var = dyn_cast<VarDecl>(DRE->getDecl());
        if (!Var || Own.count(Var) || P.Shared.count(Var))
          return true;
        Varies = Var == P.RowVar || P.isBodyLocal(Var);
        return !Varies;
      }
      bool VisitCallExpr(CallExpr *Call) {
        // A call in a header would run once instead of once per row.
        const FunctionDecl *Callee = Call->getDirectCallee();
        Varies = !Callee || !Callee->isConstexpr();
        return !Varies;
      }
    } F(*this, Own);
    F.TraverseStmt(const_cast<Stmt *>(Part));
    return !F.Varies;
  }

  bool isBodyLocal(const VarDecl *Var) const { return BodyLocals.count(Var); }

  /// A sequential 'for' that every row would run with the same header,
  /// whose body neither changes its variables nor leaves it early.
  bool enterable(const ForStmt *For) {
    llvm::SmallPtrSet<const VarDecl *, 4> Own;
    if (const Stmt *Init = For->getInit()) {
      const auto *DS = dyn_cast<DeclStmt>(Init);
      if (!DS)
        return false;
      for (const Decl *D : DS->decls()) {
        const auto *Var = dyn_cast<VarDecl>(D);
        if (!Var || !Var->getType()->isScalarType())
          return false;
        Own.insert(Var);
      }
    }
    if (For->getConditionVariable())
      return false;
    for (const Stmt *Part : {For->getInit(), static_cast<const Stmt *>(For->getCond()),
                             static_cast<const Stmt *>(For->getInc())})
      if (Part && !sameForEveryRow(Part, Own))
        return false;
    // The increment may change only the loop's own variables.
    if (const Expr *Inc = For->getInc())
      if (findMayWrite(Inc, [&](const VarDecl *Var) { return !Own.count(Var); }))
        return false;
    if (findMayWrite(For->getBody(),
                     [&](const VarDecl *Var) { return Own.count(Var) != 0; }))
      return false;
    return findLeavingJump(For->getBody(), LeaveIteration) == nullptr;
  }
};

std::string whyNot(const Step &Loop, const VarDecl *RowVar,
                   ASTContext &Context, Coarsening &Out) {
  if (std::string Problem = interleavingProblem(Loop); !Problem.empty())
    return Problem;
  Planner P(Loop, RowVar, Context);
  if (!P.plan(Loop.deviceCode(), Out.Statements))
    return P.Problem;
  Out.RowLocals = std::move(P.RowLocals);
  return "";
}

/// Whether \p S holds a loop that runs a number of times no constant gives.
bool hasLoopOfRuntimeLength(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S) &&
      !constantTripCount(S))
    return true;
  return llvm::any_of(S->children(), hasLoopOfRuntimeLength);
}

/// Why a reduction loop keeps one iteration per thread by default, or
/// empty. Coarsening pays for a reduction's per-block combine with several
/// rows, and a stencil shares its loads between them; a body that streams
/// three or more arrays, each at one subscript, already runs at memory speed
/// with its combine hidden, and its rows would spread each warp's accesses
/// over more DRAM pages. On an H200 (TeaLeaf at 4000x4000, Nsight Compute),
/// coarsening took cg_calc_w (a 5-point stencil) from 242.6 to 167.6 us
/// and calculate_2norm (one array) from 128.7 to 35.5 us, but cg_calc_ur
/// (four arrays, one subscript each) from 219.5 to 240.2 us.
std::string streamingReductionProblem(const Step &Loop, ASTContext &Context) {
  struct Finder : RecursiveASTVisitor<Finder> {
    ASTContext &Context;
    llvm::DenseMap<const ValueDecl *, llvm::SmallVector<llvm::FoldingSetNodeID, 2>>
        Subscripts;
    bool Shared = false;
    bool Unknown = false;
    explicit Finder(ASTContext &Context) : Context(Context) {}
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
      const auto *Base = dyn_cast<DeclRefExpr>(E->getBase()->IgnoreParenImpCasts());
      if (!Base) {
        Unknown = true; // a member, a call: no claim about its loads
        return true;
      }
      llvm::FoldingSetNodeID Id;
      E->getIdx()->IgnoreParenImpCasts()->Profile(Id, Context, /*Canonical=*/true);
      auto &Seen = Subscripts[Base->getDecl()];
      if (!llvm::is_contained(Seen, Id))
        Seen.push_back(Id);
      Shared = Shared || Seen.size() > 1;
      return true;
    }
  } F(Context);
  F.TraverseStmt(const_cast<Stmt *>(Loop.deviceCode()));
  if (F.Shared || F.Unknown || F.Subscripts.size() < 3)
    return "";
  return "the reduction's body streams " + std::to_string(F.Subscripts.size()) +
         " arrays, each at one subscript, so rows would share no loads";
}

} // namespace

bool hasRowInitializer(const VarDecl *Var) {
  const Expr *Init = Var->getInit();
  const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
  return Init && !(Construct && Construct->getNumArgs() == 0);
}

bool analyzeCoarsening(Step &Loop, const Directive *D, ASTContext &Context) {
  DiagnosticsEngine &Diags = Context.getDiagnostics();
  const bool Explicit = D && D->Coarsen;
  if (Loop.Collapsed.empty()) {
    if (!Explicit)
      return true;
    report(Diags, D->CoarsenLoc, Diag::CoarsenWithoutCollapse) << *D->Coarsen;
    return false;
  }
  const unsigned Rows = Explicit                  ? *D->Coarsen
                        : Loop.Reductions.empty() ? DefaultCoarsen
                                                  : DefaultReductionCoarsen;
  if (Rows == 1)
    return true;
  Coarsening C;
  C.Rows = Rows;
  C.Explicit = Explicit;
  std::string Why = whyNot(Loop, Loop.rowLoop().Var, Context, C);
  if (Why.empty() && !Explicit && !Loop.Reductions.empty())
    Why = streamingReductionProblem(Loop, Context);
  if (Why.empty()) {
    C.LoopOfRuntimeLength = hasLoopOfRuntimeLength(Loop.deviceCode());
    Loop.Coarsen = std::move(C);
    return true;
  }
  Loop.NotCoarsened = Why;
  if (Explicit)
    report(Diags, D->CoarsenLoc, Diag::CoarsenIgnored) << Rows << Why;
  return true;
}

} // namespace qd
