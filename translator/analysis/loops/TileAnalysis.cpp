// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- TileAnalysis.cpp - Dense products tiled in shared memory -----------===//
#include "analysis/loops/TileAnalysis.h"
#include "analysis/loops/AccessAnalysis.h"
#include "analysis/loops/CoarsenAnalysis.h"
#include "analysis/loops/LeavingJumps.h"
#include "analysis/memory/MayWrite.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace qd {
namespace {

/// The nodes of \p S that every run of it evaluates: not the arms of a
/// '?:', the right side of '&&' and '||', the branches of an 'if' or a
/// 'switch', the bodies of loops or lambdas.
class UnconditionalNodes {
public:
  explicit UnconditionalNodes(const Stmt *S) { statement(S); }
  bool contains(const Expr *E) const { return Nodes.count(E); }

private:
  llvm::SmallPtrSet<const Stmt *, 32> Nodes;

  void statement(const Stmt *S) {
    if (!S)
      return;
    if (const auto *E = dyn_cast<Expr>(S))
      return expression(E);
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *Child : CS->body())
        statement(Child);
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *Var = dyn_cast<VarDecl>(D))
          expression(Var->getInit());
    } else if (const auto *If = dyn_cast<IfStmt>(S)) {
      statement(If->getInit());
      expression(If->getCond());
    } else if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
      statement(Switch->getInit());
      expression(Switch->getCond());
    }
  }

  void expression(const Expr *E) {
    if (!E || !Nodes.insert(E).second)
      return;
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
      return expression(CO->getCond());
    if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isLogicalOp())
      return expression(BO->getLHS());
    if (isa<LambdaExpr, StmtExpr, BlockExpr>(E))
      return;
    for (const Stmt *Child : E->children())
      if (const auto *ChildExpr = dyn_cast_or_null<Expr>(Child))
        expression(ChildExpr);
  }
};

/// Whether an operand's index reads only loop variables, host values and
/// constants, without memory accesses, calls or side effects; \p Vars gets
/// the variables it names.
bool plainIndex(const Expr *Idx, ASTContext &Context,
                llvm::SmallPtrSetImpl<const VarDecl *> &Vars) {
  struct Scan : RecursiveASTVisitor<Scan> {
    llvm::SmallPtrSetImpl<const VarDecl *> &Vars;
    bool Bad = false;
    explicit Scan(llvm::SmallPtrSetImpl<const VarDecl *> &Vars) : Vars(Vars) {}
    bool bad() {
      Bad = true;
      return false;
    }
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *) { return bad(); }
    bool VisitCallExpr(CallExpr *) { return bad(); }
    bool VisitLambdaExpr(LambdaExpr *) { return bad(); }
    bool VisitCXXThisExpr(CXXThisExpr *) { return bad(); }
    bool VisitMemberExpr(MemberExpr *M) { return !M->isArrow() || bad(); }
    bool VisitUnaryOperator(UnaryOperator *U) {
      return U->getOpcode() != UO_Deref || bad();
    }
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
        Vars.insert(Var);
      return true;
    }
  } S(Vars);
  S.TraverseStmt(const_cast<Expr *>(Idx));
  return !S.Bad && !Idx->isValueDependent() && !Idx->HasSideEffects(Context);
}

const Stmt *parentOf(const Stmt *S, ASTContext &Context) {
  for (const DynTypedNode &P : Context.getParents(*S))
    if (const auto *Parent = P.get<Stmt>())
      return Parent;
  return nullptr;
}

/// Whether the subscript \p Sub is only read: its value is loaded.
bool isLoaded(const ArraySubscriptExpr *Sub, ASTContext &Context) {
  const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(parentOf(Sub, Context));
  return Cast && Cast->getCastKind() == CK_LValueToRValue;
}

/// Whether every use of the pointer \p Var in \p Body is the base of a
/// subscript that is only read: then nothing in the nest writes through it
/// or hands it on.
bool onlySubscriptReads(const VarDecl *Var, const Stmt *Body,
                        ASTContext &Context) {
  bool Ok = true;
  struct Uses : RecursiveASTVisitor<Uses> {
    const VarDecl *Var;
    ASTContext &Context;
    bool &Ok;
    Uses(const VarDecl *Var, ASTContext &Context, bool &Ok)
        : Var(Var), Context(Context), Ok(Ok) {}
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (Ref->getDecl() != Var)
        return true;
      // Up through the subscripts of 'p[i][k]' to the element, which must
      // be loaded.
      const Expr *Node = Ref;
      for (;;) {
        const Stmt *Up = parentOf(Node, Context);
        if (Up && isa<ImplicitCastExpr, ParenExpr>(Up)) {
          Node = cast<Expr>(Up);
          continue;
        }
        const auto *Sub = dyn_cast_or_null<ArraySubscriptExpr>(Up);
        if (!Sub || Sub->getBase() != Node) {
          Ok = false;
          break;
        }
        if (!Sub->getType()->isArrayType()) {
          Ok = isLoaded(Sub, Context);
          break;
        }
        Node = Sub;
      }
      return Ok;
    }
  } U(Var, Context, Ok);
  U.TraverseStmt(const_cast<Stmt *>(Body));
  return Ok;
}

/// A read in a product loop that indexes with its variable and one of the
/// nest's: what a tile could share.
struct Candidate {
  const ArraySubscriptExpr *Read = nullptr;
  const VarDecl *Base = nullptr;
  bool Row = false;
  /// Why it cannot be staged, or empty.
  std::string Problem;
};

class Planner {
public:
  Planner(const Step &Loop, const HostValues &Values, ASTContext &Context)
      : Loop(Loop), Values(Values), Context(Context),
        RowVar(Loop.Loop.Var), ColumnVar(Loop.Collapsed.front().Var) {}

  /// The first top-level 'for' of the body whose reads a tile could share,
  /// with those reads; null when the body has none (it is no product).
  const ForStmt *findProduct(std::vector<Candidate> &Out,
                             const VarDecl *&ProductVar) {
    for (const Stmt *S : topLevel(Loop.deviceCode())) {
      const auto *For = dyn_cast<ForStmt>(S);
      if (!For)
        continue;
      LoopForm Form;
      LoopFormMismatch Mismatch;
      if (!matchCanonicalLoop(For, Form, Mismatch))
        continue;
      collectCandidates(For->getBody(), Form.Var, Out);
      ProductVar = Form.Var;
      if (!Out.empty())
        return For;
    }
    return nullptr;
  }

  /// Why the nest cannot be tiled around \p Product, or empty with \p Out
  /// filled.
  std::string plan(const ForStmt *Product, std::vector<Candidate> &Reads,
                   Tiling &Out) {
    // A tile's threads each own outputs of the product; a reduction would
    // need its partial sums kept per output.
    if (!Loop.Reductions.empty())
      return "the loop has a 'reduction' clause";
    if (std::string Problem = interleavingProblem(Loop); !Problem.empty())
      return Problem;
    const Stmt *Body = Loop.deviceCode();
    if (std::string Problem = productLoopProblem(Product, Out.Product);
        !Problem.empty())
      return Problem;
    bool SeenProduct = false;
    for (const Stmt *S : topLevel(Body)) {
      if (S == Product) {
        SeenProduct = true;
        continue;
      }
      (SeenProduct ? Out.After : Out.Before).push_back(S);
      if (SeenProduct)
        continue;
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        for (const Decl *D : DS->decls()) {
          const auto *Var = dyn_cast<VarDecl>(D);
          if (!Var)
            return "the body declares something other than a variable";
          if (std::string Why = copyProblem(Var, Context); !Why.empty())
            return Why;
          Out.OutputLocals.push_back(Var);
        }
    }
    return stage(Product, Reads, Out);
  }

private:
  const Step &Loop;
  const HostValues &Values;
  ASTContext &Context;
  const VarDecl *RowVar;
  const VarDecl *ColumnVar;

  static llvm::SmallVector<const Stmt *, 8> topLevel(const Stmt *Body) {
    llvm::SmallVector<const Stmt *, 8> List;
    if (const auto *CS = dyn_cast<CompoundStmt>(Body))
      List.append(CS->body_begin(), CS->body_end());
    else
      List.push_back(Body);
    return List;
  }

  void collectCandidates(const Stmt *Body, const VarDecl *K,
                         std::vector<Candidate> &Out) {
    struct Finder : RecursiveASTVisitor<Finder> {
      Planner &P;
      const VarDecl *K;
      std::vector<Candidate> &Out;
      Finder(Planner &P, const VarDecl *K, std::vector<Candidate> &Out)
          : P(P), K(K), Out(Out) {}
      bool VisitArraySubscriptExpr(ArraySubscriptExpr *Sub) {
        // An element: 'p[e]', or 'p[i][k]' through a pointer to arrays
        // (not its inner 'p[i]').
        if (Sub->getType()->isArrayType())
          return true;
        llvm::SmallPtrSet<const VarDecl *, 8> Vars;
        bool Plain = true;
        const Expr *Base = Sub;
        while (const auto *Level =
                   dyn_cast<ArraySubscriptExpr>(Base->IgnoreParenImpCasts())) {
          Plain = plainIndex(Level->getIdx(), P.Context, Vars) && Plain;
          Base = Level->getBase();
        }
        const VarDecl *Root = namedVariable(Base);
        if (!Root || !Root->getType()->isPointerType())
          return true;
        const bool Row = Vars.count(P.RowVar), Column = Vars.count(P.ColumnVar);
        if (!Vars.count(K) || Row == Column)
          return true;
        Candidate C{Sub, Root, Row, ""};
        for (const VarDecl *Var : Vars)
          if (Var != K && Var != P.RowVar && Var != P.ColumnVar &&
              !P.Values.contains(Var) &&
              !(Var->hasGlobalStorage() && Var->getType().isConstQualified()))
            return true; // indexes with a body local: no row shares it
        if (!Plain)
          C.Problem = "its index reads memory, calls a function or has an "
                      "effect";
        Out.push_back(C);
        return true;
      }
    } F(*this, K, Out);
    F.TraverseStmt(const_cast<Stmt *>(Body));
  }

  /// Why the product loop \p For does not run the same way for every
  /// output, or empty.
  std::string productLoopProblem(const ForStmt *For, LoopForm &Form) {
    LoopFormMismatch Mismatch;
    if (!matchCanonicalLoop(For, Form, Mismatch) || Form.strided() ||
        Form.Assigned || For->getConditionVariable())
      return "its '" + (Form.Var ? Form.Var->getNameAsString() : "") +
             "' loop is not 'for (I k = begin; k < end; ++k)'";
    const std::string Name = "'" + Form.Var->getNameAsString() + "'";
    for (const Expr *Bound : {Form.Begin, Form.End})
      if (findDeviceDataUse(Bound, Values) || Bound->HasSideEffects(Context) ||
          Bound->isValueDependent())
        return "the bounds of the " + Name +
               " loop are not host values, the same for every output";
    if (findMayWrite(For->getBody(),
                     [&](const VarDecl *Var) { return Var == Form.Var; }))
      return "the body of the " + Name + " loop changes " + Name;
    if (findLeavingJump(For->getBody(), LeaveIteration))
      return "a jump leaves the " + Name + " loop early";
    return "";
  }

  /// Chooses the candidates to stage: made in every iteration, only read
  /// through their pointer, of an arithmetic type.
  std::string stage(const ForStmt *Product, std::vector<Candidate> &Reads,
                    Tiling &Out) {
    UnconditionalNodes Always(Product->getBody());
    // Which way each read's elements are contiguous, for the loads' order.
    auto UnitStrides = [&](const VarDecl *Var) {
      llvm::SmallPtrSet<const Expr *, 8> Unit;
      for (const Access &A : analyzeAccesses(Product->getBody(), Var, Context))
        if (A.Stride.isUnit())
          Unit.insert(A.E);
      return Unit;
    };
    const auto AlongK = UnitStrides(Out.Product.Var);
    const auto AlongRow = UnitStrides(RowVar);
    std::vector<llvm::FoldingSetNodeID> Keys;
    for (Candidate &C : Reads) {
      if (!C.Problem.empty())
        continue;
      const QualType Element = C.Read->getType();
      if (Element->isDependentType())
        C.Problem = "its element type depends on a template parameter";
      else if (!Element->isArithmeticType())
        C.Problem = "its elements are not of an arithmetic type";
      else if (Element.isVolatileQualified())
        C.Problem = "its elements are volatile, so each read the loop makes "
                    "must happen, and a tile would read each element once for "
                    "many threads";
      else if (Context.getTypeSize(Element) > 64)
        C.Problem = "its elements are wider than the 64 bits a tile stages";
      else if (!Always.contains(C.Read))
        C.Problem = "it is read under a condition, so a tile could load "
                    "elements that the loop never reads";
      else if (!onlySubscriptReads(C.Base, Loop.deviceCode(), Context))
        C.Problem = "the nest writes through '" + C.Base->getNameAsString() +
                    "' or passes it on";
      if (!C.Problem.empty())
        continue;
      llvm::FoldingSetNodeID Key;
      C.Read->Profile(Key, Context, /*Canonical=*/true);
      auto Same = llvm::find(Keys, Key);
      if (Same != Keys.end()) {
        Out.Operands[Same - Keys.begin()].Reads.push_back(C.Read);
        continue;
      }
      if (Out.Operands.size() == MaxTileOperands)
        continue; // read from global memory, as without tiling
      Keys.push_back(Key);
      TileOperand Operand;
      Operand.Reads.push_back(C.Read);
      Operand.Row = C.Row;
      // Unknown strides: row-major operands, 'a[i * n + k]' and
      // 'b[k * m + j]'.
      Operand.LoadAlongProduct =
          AlongK.count(C.Read) || (C.Row && !AlongRow.count(C.Read));
      Operand.Element = Element.getUnqualifiedType();
      Out.Operands.push_back(std::move(Operand));
    }
    if (!Out.Operands.empty())
      return "";
    return Reads.front().Problem;
  }
};

} // namespace

namespace {

/// Whether \p T is known to take at most 4 bytes.
bool fitsFourBytes(QualType T, const ASTContext &Context) {
  return !T->isDependentType() && !T->isIncompleteType() &&
         Context.getTypeSize(T) <= 32;
}

/// Sets \p T's Chunk and Wide. The 128x128 tile keeps, per thread, 64
/// copies of each per-output local, 8 values of each operand for a product
/// step and 4 of the next chunk. Two blocks of 256 threads per
/// multiprocessor leave 128 registers a thread: past some 100 of them for
/// these, the copies spill (two accumulators over four operands spilled
/// 1.9 KB a thread).
void chooseTileShapes(Tiling &T, const ASTContext &Context) {
  const bool FourBytes = llvm::all_of(T.Operands, [&](const TileOperand &Op) {
    return fitsFourBytes(Op.Element, Context);
  });
  T.Chunk = FourBytes ? 16 : 8;
  T.Wide = FourBytes &&
           64 * T.OutputLocals.size() + 12 * T.Operands.size() <= 100 &&
           llvm::all_of(T.OutputLocals, [&](const VarDecl *Var) {
             return fitsFourBytes(Var->getType(), Context);
           });
}

} // namespace

bool analyzeTiling(Step &Loop, const Directive *D, const HostValues &Values,
                   ASTContext &Context) {
  DiagnosticsEngine &Diags = Context.getDiagnostics();
  const bool Explicit = D && D->Tile.value_or(false);
  if (Explicit && Loop.Collapsed.size() != 1) {
    report(Diags, D->TileLoc, Diag::TileWithoutCollapse2)
        << !Loop.Collapsed.empty() << unsigned(Loop.Collapsed.size() + 1);
    return false;
  }
  if (Explicit && D->Coarsen && *D->Coarsen > 1) {
    report(Diags, D->TileLoc, Diag::TileWithCoarsen) << *D->Coarsen;
    return false;
  }
  // An explicit 'coarsen(N)' asks for rows instead.
  if (Loop.Collapsed.size() != 1 || (D && D->Tile == false) ||
      (!Explicit && D && D->Coarsen.value_or(1) > 1))
    return true;
  Planner P(Loop, Values, Context);
  std::vector<Candidate> Reads;
  const VarDecl *ProductVar = nullptr;
  const ForStmt *Product = P.findProduct(Reads, ProductVar);
  if (!Product) {
    if (Explicit)
      report(Diags, D->TileLoc, Diag::TileIgnored)
          << "the body has no sequential 'for' loop that reads an operand "
             "shared by a row or column of outputs";
    return true;
  }
  Tiling T;
  T.Explicit = Explicit;
  std::string Why = P.plan(Product, Reads, T);
  if (Why.empty()) {
    chooseTileShapes(T, Context);
    Loop.Tile = std::move(T);
    return true;
  }
  Loop.NotTiled = Why;
  Loop.UntiledOperand = Reads.front().Read;
  Loop.UntiledOperandRow = Reads.front().Row;
  Loop.UntiledProductVar = ProductVar;
  if (Explicit)
    report(Diags, D->TileLoc, Diag::TileIgnored) << Why;
  return true;
}

} // namespace qd
