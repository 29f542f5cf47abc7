// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DependenceAnalysis.cpp ---------------------------------------------===//
#include "analysis/loops/DependenceAnalysis.h"
#include "analysis/loops/AccessAnalysis.h"
#include "analysis/memory/MayWrite.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace qd {
namespace {

/// One access through a pointer that the loop body does not change.
struct ElementAccess {
  const Expr *E = nullptr;
  const VarDecl *Base = nullptr;
  /// One index per subscript, outer first ('a[i][j]' through a pointer to
  /// rows); '*p' is 'p[0]'.
  llvm::SmallVector<const Expr *, 2> Indices;
  bool Reads = false;
  bool Writes = false;
  /// The value a plain '=' stores; null for '+=', '++' and the like, whose
  /// value is the element's old value combined.
  const Expr *Stored = nullptr;
  /// Under an 'if', '?:', '&&', '||', 'switch', 'while' or after a
  /// 'continue': some iterations may skip it.
  bool Conditional = false;
};

/// A 'for' loop nested in the body, and the first value of its variable.
struct InnerLoop {
  const ForStmt *For = nullptr;
  const Expr *Begin = nullptr;
  /// Declared by the loop, so that nothing outside the loop names it.
  bool Declared = false;
};

/// The variables the body changes, and its own locals.
struct BodyFacts {
  llvm::DenseSet<const VarDecl *> Changed;
  llvm::DenseSet<const VarDecl *> Locals;
  /// Variables of 'for' loops nested in the body, with their loops: the one
  /// that declares it, or every loop that assigns it ('for (i = 0; ...)' on
  /// a variable declared earlier) when nothing else in the body changes it.
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<InnerLoop, 1>>
      InnerLoopVars;
};

bool hasBreak(const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool VisitBreakStmt(BreakStmt *) {
      Found = true;
      return false;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

BodyFacts scanBody(const Stmt *Body) {
  BodyFacts Facts;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Expr *, 4>> WrittenAt;
  forEachMayWrite(Body, [&](const VariableWrite &W) {
    Facts.Changed.insert(W.Var);
    WrittenAt[W.Var].push_back(W.At);
    return true;
  });
  struct Scanner : RecursiveASTVisitor<Scanner> {
    BodyFacts *Facts;
    llvm::DenseSet<const VarDecl *> Assigned;
    bool VisitVarDecl(VarDecl *V) {
      if (V->isLocalVarDecl())
        Facts->Locals.insert(V);
      return true;
    }
    bool VisitForStmt(ForStmt *For) {
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit())) {
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D))
            Facts->InnerLoopVars[V].push_back({For, V->getInit(), true});
        return true;
      }
      const auto *InitExpr = dyn_cast_or_null<Expr>(For->getInit());
      const auto *Init =
          InitExpr ? dyn_cast<BinaryOperator>(InitExpr->IgnoreParenImpCasts())
                   : nullptr;
      if (!Init || Init->getOpcode() != BO_Assign)
        return true;
      const auto *Ref = dyn_cast<DeclRefExpr>(Init->getLHS()->IgnoreParens());
      const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (!V || !V->getType()->isIntegerType())
        return true;
      Facts->InnerLoopVars[V].push_back({For, Init->getRHS(), false});
      Assigned.insert(V);
      return true;
    }
  } S;
  S.Facts = &Facts;
  S.TraverseStmt(const_cast<Stmt *>(Body));
  // An assigned loop variable takes the same values in every iteration only
  // if its loops alone change it and run to their ends: after a 'break' its
  // value depends on where the loop stopped.
  for (const VarDecl *V : S.Assigned) {
    const llvm::SmallVector<InnerLoop, 1> &Loops = Facts.InnerLoopVars[V];
    llvm::DenseSet<const Expr *> Own;
    bool Ok = true;
    for (const InnerLoop &L : Loops) {
      Ok &= !hasBreak(L.For->getBody());
      for (const Stmt *Part :
           {L.For->getInit(), static_cast<const Stmt *>(L.For->getInc())})
        if (Part)
          forEachMayWrite(Part, [&](const VariableWrite &W) {
            if (W.Var == V)
              Own.insert(W.At);
            return true;
          });
    }
    for (const Expr *At : WrittenAt.lookup(V))
      Ok &= Own.contains(At);
    if (!Ok)
      Facts.InnerLoopVars.erase(V);
  }
  return Facts;
}

class AccessCollector : public RecursiveASTVisitor<AccessCollector> {
  using Base = RecursiveASTVisitor<AccessCollector>;

public:
  explicit AccessCollector(const BodyFacts &Facts) : Facts(Facts) {}

  std::vector<ElementAccess> Accesses;

  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseIfStmt(IfStmt *S) { return conditional(S); }
  bool TraverseSwitchStmt(SwitchStmt *S) {
    return conditional([&] { return Base::TraverseSwitchStmt(S); });
  }
  bool TraverseWhileStmt(WhileStmt *S) {
    return loop(true, [&] { return Base::TraverseWhileStmt(S); });
  }
  bool TraverseDoStmt(DoStmt *S) {
    return loop(true, [&] { return Base::TraverseDoStmt(S); });
  }
  bool TraverseForStmt(ForStmt *S) {
    return loop(false, [&] { return Base::TraverseForStmt(S); });
  }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) {
    return loop(false, [&] { return Base::TraverseCXXForRangeStmt(S); });
  }
  bool TraverseConditionalOperator(ConditionalOperator *E) {
    return conditional([&] { return Base::TraverseConditionalOperator(E); });
  }
  bool TraverseBinaryConditionalOperator(BinaryConditionalOperator *E) {
    return conditional(
        [&] { return Base::TraverseBinaryConditionalOperator(E); });
  }
  bool TraverseBinaryOperator(BinaryOperator *E) {
    if (E->isLogicalOp())
      return conditional([&] { return Base::TraverseBinaryOperator(E); });
    return Base::TraverseBinaryOperator(E);
  }

  bool VisitContinueStmt(ContinueStmt *) {
    // Everything after a 'continue' of the body's own loop may be skipped.
    if (LoopDepth == 0)
      AfterContinue = true;
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      Stores[BO->getLHS()->IgnoreParens()] =
          BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr;
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      Stores[UO->getSubExpr()->IgnoreParens()] = nullptr;
    if (UO->getOpcode() != UO_Deref)
      return true;
    const Expr *Operand = UO->getSubExpr()->IgnoreParenImpCasts();
    const Expr *Ptr = Operand, *Offset = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(Operand);
        BO && BO->getOpcode() == BO_Add) {
      const bool LeftIsPointer = BO->getLHS()->getType()->isPointerType();
      Ptr = (LeftIsPointer ? BO->getLHS() : BO->getRHS())->IgnoreParenImpCasts();
      Offset = LeftIsPointer ? BO->getRHS() : BO->getLHS();
    }
    ElementAccess A;
    if (!baseOf(Ptr, A))
      return true;
    A.Indices.push_back(Offset);
    add(UO, A);
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
    if (InnerSubscripts.count(ASE))
      return true;
    ElementAccess A;
    const Expr *E = ASE;
    while (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
      A.Indices.insert(A.Indices.begin(), Sub->getIdx());
      const Expr *B = Sub->getBase()->IgnoreParenImpCasts();
      if (const auto *Inner = dyn_cast<ArraySubscriptExpr>(B);
          Inner && Inner->getType()->isArrayType()) {
        InnerSubscripts.insert(Inner);
        E = Inner;
        continue;
      }
      if (!baseOf(B, A))
        return true;
      break;
    }
    add(ASE, A);
    return true;
  }

private:
  const BodyFacts &Facts;
  unsigned ConditionalDepth = 0;
  unsigned LoopDepth = 0;
  bool AfterContinue = false;
  llvm::DenseMap<const Expr *, const Expr *> Stores;
  llvm::DenseSet<const Expr *> InnerSubscripts;

  template <class Traverse> bool conditional(Traverse T) {
    ++ConditionalDepth;
    bool Continue = T();
    --ConditionalDepth;
    return Continue;
  }
  bool conditional(IfStmt *S) {
    return conditional([&] { return Base::TraverseIfStmt(S); });
  }
  template <class Traverse> bool loop(bool Conditional, Traverse T) {
    ++LoopDepth;
    ConditionalDepth += Conditional;
    bool Continue = T();
    ConditionalDepth -= Conditional;
    --LoopDepth;
    return Continue;
  }

  /// A pointer variable declared outside the body that the body leaves
  /// alone: every iteration means the same memory by it.
  bool baseOf(const Expr *Ptr, ElementAccess &A) const {
    const auto *Ref = dyn_cast<DeclRefExpr>(Ptr);
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Var || !Var->getType()->isPointerType() || Facts.Locals.count(Var) ||
        Facts.Changed.count(Var))
      return false;
    A.Base = Var;
    return true;
  }

  void add(const Expr *E, ElementAccess &A) {
    A.E = E;
    auto It = Stores.find(E);
    A.Writes = It != Stores.end();
    A.Stored = A.Writes ? It->second : nullptr;
    A.Reads = !A.Writes || !A.Stored;
    A.Conditional = ConditionalDepth != 0 || AfterContinue;
    Accesses.push_back(A);
  }
};

/// Index expressions as polynomials in the loop variables and in names
/// that are the same in every iteration.
class AffineEvaluator {
public:
  AffineEvaluator(llvm::ArrayRef<const VarDecl *> LoopVars,
                  const BodyFacts &Facts, ASTContext &Ctx)
      : LoopVars(LoopVars), Facts(Facts), Ctx(Ctx) {}

  static std::string key(const VarDecl *Var) {
    return Var->getNameAsString() + "#" +
           std::to_string(reinterpret_cast<uintptr_t>(Var));
  }

  /// Null Offset (from '*p') is 0.
  std::optional<Polynomial> eval(const Expr *E) {
    if (!E)
      return Polynomial();
    E = E->IgnoreParens();
    Expr::EvalResult Result;
    if (!E->isValueDependent() && E->getType()->isIntegerType() &&
        E->EvaluateAsInt(Result, Ctx))
      return Polynomial::constant(Result.Val.getInt().getExtValue());
    if (const auto *Cast = dyn_cast<CastExpr>(E)) {
      const bool Keeps = Cast->getCastKind() == CK_LValueToRValue ||
                         Cast->getCastKind() == CK_NoOp ||
                         (Cast->getType()->isIntegerType() &&
                          Cast->getSubExpr()->getType()->isIntegerType());
      return Keeps ? eval(Cast->getSubExpr()) : std::nullopt;
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
      if (!Var || !Var->getType()->isIntegerType())
        return std::nullopt;
      if (llvm::is_contained(LoopVars, Var))
        return Polynomial::name(key(Var));
      if (Facts.Changed.count(Var))
        return std::nullopt;
      if (!Facts.Locals.count(Var))
        return Polynomial::name(key(Var));
      if (!Var->getInit() || !Following.insert(Var).second)
        return std::nullopt;
      std::optional<Polynomial> P = eval(Var->getInit());
      Following.erase(Var);
      return P;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_Plus)
        return eval(UO->getSubExpr());
      if (UO->getOpcode() == UO_Minus)
        if (std::optional<Polynomial> P = eval(UO->getSubExpr()))
          return *P * Polynomial::constant(-1);
      return std::nullopt;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      std::optional<Polynomial> L = eval(BO->getLHS());
      std::optional<Polynomial> R = L ? eval(BO->getRHS()) : std::nullopt;
      if (!R)
        return std::nullopt;
      switch (BO->getOpcode()) {
      case BO_Add:
        return *L + *R;
      case BO_Sub:
        return *L - *R;
      case BO_Mul:
        // Affine: a loop variable times something that is not one.
        if (mentionsLoopVar(*L) && mentionsLoopVar(*R))
          return std::nullopt;
        return *L * *R;
      default:
        return std::nullopt;
      }
    }
    return std::nullopt;
  }

  bool mentionsLoopVar(const Polynomial &P) const {
    return llvm::any_of(LoopVars, [&](const VarDecl *V) {
      return P.mentions(key(V));
    });
  }

private:
  llvm::ArrayRef<const VarDecl *> LoopVars;
  const BodyFacts &Facts;
  ASTContext &Ctx;
  llvm::DenseSet<const VarDecl *> Following;
};

/// Whether an expression's value may differ between iterations.
class IterationDependence {
public:
  IterationDependence(llvm::ArrayRef<const VarDecl *> LoopVars,
                      const BodyFacts &Facts,
                      const llvm::DenseSet<const VarDecl *> &WrittenMemory)
      : LoopVars(LoopVars), Facts(Facts), WrittenMemory(WrittenMemory) {}

  /// \p ReadsCount: whether a load through memory that the loop writes
  /// counts. \p CallsCount: whether a call counts ('qd::atomic_add(t, 1)'
  /// returns another value in every iteration); for an index it must, so
  /// that an element is called the same only when it provably is.
  bool depends(const Expr *E, bool ReadsCount, bool CallsCount = true) {
    struct Finder : RecursiveASTVisitor<Finder> {
      IterationDependence &Self;
      bool ReadsCount;
      bool CallsCount;
      bool Found = false;
      Finder(IterationDependence &Self, bool ReadsCount, bool CallsCount)
          : Self(Self), ReadsCount(ReadsCount), CallsCount(CallsCount) {}
      bool VisitCallExpr(CallExpr *) {
        if (CallsCount)
          Found = true;
        return !Found;
      }
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl())) {
          if (Self.variableDepends(Var))
            Found = true;
          // A pointer the loop writes through: what it reads may have been
          // written by another iteration.
          if (ReadsCount && Self.WrittenMemory.count(Var))
            Found = true;
        }
        return !Found;
      }
    } F(*this, ReadsCount, CallsCount);
    F.TraverseStmt(const_cast<Expr *>(E));
    return F.Found;
  }

  bool variableDepends(const VarDecl *Var) {
    if (llvm::is_contained(LoopVars, Var))
      return true;
    auto [It, New] = Memo.try_emplace(Var, true); // cycles: assume it does
    if (!New)
      return It->second;
    bool Result;
    if (auto Inner = Facts.InnerLoopVars.find(Var);
        Inner != Facts.InnerLoopVars.end()) {
      // A nested loop's variable runs over the same values in every
      // iteration unless its start, end or step does not.
      Memo[Var] = false; // its own condition and step name it
      Result = false;
      for (const InnerLoop &L : Inner->second)
        for (const Expr *Part : {L.Begin, L.For->getCond(), L.For->getInc()})
          Result = Result || !Part || depends(Part, /*ReadsCount=*/true);
    } else if (Facts.Changed.count(Var)) {
      Result = true;
    } else if (Facts.Locals.count(Var)) {
      Result = !Var->getInit() || depends(Var->getInit(), /*ReadsCount=*/true);
    } else {
      Result = false;
    }
    Memo[Var] = Result;
    return Result;
  }

private:
  llvm::ArrayRef<const VarDecl *> LoopVars;
  const BodyFacts &Facts;
  const llvm::DenseSet<const VarDecl *> &WrittenMemory;
  llvm::DenseMap<const VarDecl *, bool> Memo;
};

/// The values a loop's variable takes: begin, begin + step, ... short of
/// the end (begin - step, ... counting down).
struct IterationSpace {
  const VarDecl *Var = nullptr;
  bool Descending = false;
  /// The step, when it is a constant.
  std::optional<int64_t> Step;
  /// How far past the first value the end lies: end - begin (begin - end
  /// counting down), one more when the end is included. A polynomial in
  /// the names of the bounds: 'h' for 'i < h' from 0.
  std::optional<Polynomial> Span;

  /// Whether two iterations of the loop take values \p Distance apart.
  /// Values a step apart cannot be apart by anything but a multiple of it,
  /// and no two values are as far apart as a constant span. A span that is
  /// not a constant is taken to be long enough: the dependence is there for
  /// every trip count but the smallest. A step that is not a constant
  /// decides alone, so nothing is proven.
  bool reaches(int64_t Distance) const {
    if (!Step || *Step <= 0 || Distance % *Step != 0)
      return false;
    int64_t Length = 0;
    const int64_t Apart = Distance < 0 ? -Distance : Distance;
    return !(Span && Span->isConstant(Length) && Apart >= Length);
  }

  /// Whether the loop provably runs at most one iteration.
  bool atMostOne() const {
    int64_t Length = 0;
    return Step && Span && Span->isConstant(Length) && Length <= *Step;
  }
};

IterationSpace iterationSpace(const LoopForm &Form, ASTContext &Context) {
  IterationSpace S;
  S.Var = Form.Var;
  S.Descending = Form.Descending;
  Expr::EvalResult Result;
  if (!Form.Step)
    S.Step = 1;
  else if (!Form.Step->isValueDependent() &&
           Form.Step->getType()->isIntegerType() &&
           Form.Step->EvaluateAsInt(Result, Context) &&
           Result.Val.getInt().isRepresentableByInt64())
    S.Step = Result.Val.getInt().getExtValue();
  // The bounds are evaluated once, before the first iteration: every name
  // in them holds one value.
  BodyFacts NoBody;
  AffineEvaluator Bounds({}, NoBody, Context);
  std::optional<Polynomial> Begin = Bounds.eval(Form.Begin);
  std::optional<Polynomial> End =
      Form.End ? Bounds.eval(Form.End) : std::nullopt;
  if (Begin && End)
    S.Span = (Form.Descending ? *Begin - *End : *End - *Begin) +
             Polynomial::constant(Form.Inclusive ? 1 : 0);
  return S;
}

/// What both checks read: the body's facts and its element accesses,
/// collected once.
struct LoopAccesses {
  BodyFacts Facts;
  std::vector<ElementAccess> Accesses;
};

LoopAccesses collectLoopAccesses(const Stmt *Body) {
  LoopAccesses L;
  L.Facts = scanBody(Body);
  AccessCollector Collector(L.Facts);
  Collector.TraverseStmt(const_cast<Stmt *>(Body));
  L.Accesses = std::move(Collector.Accesses);
  return L;
}

std::optional<CarriedDependence>
carriedDependence(const LoopAccesses &L, llvm::ArrayRef<IterationSpace> Spaces,
                  ASTContext &Context) {
  const BodyFacts &Facts = L.Facts;
  std::vector<const VarDecl *> LoopVars;
  for (const IterationSpace &S : Spaces)
    LoopVars.push_back(S.Var);
  // The variables of nested loops that run over the same values in every
  // iteration take part like the loop's own: 'x[i][k]' against
  // 'x[i - 1][k]' is a dependence along 'i' whatever 'k' is.
  llvm::DenseSet<const VarDecl *> NoMemory;
  IterationDependence Dependence(LoopVars, Facts, NoMemory);
  std::vector<const VarDecl *> Matched(LoopVars.begin(), LoopVars.end());
  // Only a variable that one loop declares: a variable that several loops
  // assign takes other values in each, and keeps its last one after them.
  for (const auto &[Var, Loops] : Facts.InnerLoopVars)
    if (Loops.size() == 1 && Loops.front().Declared &&
        !Dependence.variableDepends(Var))
      Matched.push_back(Var);
  AffineEvaluator Affine(Matched, Facts, Context);

  struct Indexed {
    const ElementAccess *A;
    std::vector<Polynomial> Index;
  };
  std::vector<Indexed> Certain;
  for (const ElementAccess &A : L.Accesses) {
    if (A.Conditional)
      continue;
    Indexed I{&A, {}};
    for (const Expr *E : A.Indices) {
      std::optional<Polynomial> P = Affine.eval(E);
      if (!P) {
        I.Index.clear();
        break;
      }
      I.Index.push_back(*P);
    }
    if (I.Index.size() == A.Indices.size())
      Certain.push_back(std::move(I));
  }

  for (const Indexed &W : Certain) {
    if (!W.A->Writes)
      continue;
    for (const Indexed &R : Certain) {
      if (!R.A->Reads || R.A->Base != W.A->Base ||
          R.Index.size() != W.Index.size() ||
          R.A->E->getType().getCanonicalType() !=
              W.A->E->getType().getCanonicalType())
        continue;
      for (const IterationSpace &Space : Spaces) {
        const VarDecl *Along = Space.Var;
        const std::string K = AffineEvaluator::key(Along);
        std::optional<int64_t> Distance;
        bool Same = true;
        bool Moves = false;
        for (size_t D = 0; D < W.Index.size() && Same; ++D) {
          // Every loop variable must move both indices alike.
          for (const VarDecl *V : Matched) {
            const std::string KV = AffineEvaluator::key(V);
            if (!(W.Index[D].coefficientOf(KV) ==
                  R.Index[D].coefficientOf(KV)))
              Same = false;
          }
          if (!Same)
            break;
          Polynomial Unit = W.Index[D].coefficientOf(K);
          Polynomial Apart = W.Index[D] - R.Index[D];
          if (Unit.isZero()) {
            Same = Apart.isZero();
            continue;
          }
          Moves = true;
          std::optional<int64_t> Here = Apart.multipleOf(Unit);
          if (!Here && Apart.isZero())
            Here = 0;
          if (!Here || (Distance && *Distance != *Here))
            Same = false;
          else
            Distance = Here;
        }
        if (Same && Moves && Distance && *Distance != 0 &&
            Space.reaches(*Distance))
          return CarriedDependence{W.A->E, R.A->E, Along, *Distance,
                                   (*Distance > 0) != Space.Descending};
      }
    }
  }
  return std::nullopt;
}

const Expr *sameElementWrite(const LoopAccesses &L,
                             llvm::ArrayRef<IterationSpace> Spaces) {
  // One iteration races with nobody.
  if (llvm::all_of(Spaces,
                   [](const IterationSpace &S) { return S.atMostOne(); }))
    return nullptr;
  std::vector<const VarDecl *> LoopVars;
  for (const IterationSpace &S : Spaces)
    LoopVars.push_back(S.Var);
  llvm::DenseSet<const VarDecl *> WrittenMemory;
  for (const ElementAccess &A : L.Accesses)
    if (A.Writes)
      WrittenMemory.insert(A.Base);
  IterationDependence Dependence(LoopVars, L.Facts, WrittenMemory);
  for (const ElementAccess &A : L.Accesses) {
    // Nested 'for' loops are allowed: a time-step loop's body is loops.
    if (!A.Writes || A.Conditional)
      continue;
    if (llvm::any_of(A.Indices, [&](const Expr *I) {
          return I && Dependence.depends(I, /*ReadsCount=*/true);
        }))
      continue;
    // '+=' and '++' combine with what other iterations left.
    if (!A.Stored || Dependence.depends(A.Stored, /*ReadsCount=*/true,
                                        /*CallsCount=*/false))
      return A.E;
  }
  return nullptr;
}

std::vector<IterationSpace>
iterationSpaces(llvm::ArrayRef<const LoopForm *> Loops, ASTContext &Context) {
  std::vector<IterationSpace> Spaces;
  for (const LoopForm *Form : Loops)
    Spaces.push_back(iterationSpace(*Form, Context));
  return Spaces;
}

} // namespace

std::optional<CarriedDependence>
findCarriedDependence(const Stmt *Body, llvm::ArrayRef<const LoopForm *> Loops,
                      ASTContext &Context) {
  if (!Body || Loops.empty())
    return std::nullopt;
  return carriedDependence(collectLoopAccesses(Body),
                           iterationSpaces(Loops, Context), Context);
}

bool checkIndependentIterations(const Stmt *Body,
                                llvm::ArrayRef<const LoopForm *> Loops,
                                bool Vector, ASTContext &Context) {
  if (!Body || Loops.empty())
    return true;
  DiagnosticsEngine &Diags = Context.getDiagnostics();
  const LoopAccesses L = collectLoopAccesses(Body);
  const std::vector<IterationSpace> Spaces = iterationSpaces(Loops, Context);
  if (std::optional<CarriedDependence> Dep =
          carriedDependence(L, Spaces, Context)) {
    const int64_t Apart = Dep->Distance < 0 ? -Dep->Distance : Dep->Distance;
    report(Diags, Dep->Read->getExprLoc(), Diag::LoopCarriedDependence)
        << (Vector ? 1 : 0) << sourceText(Dep->Read, Context)
        << sourceText(Dep->Write, Context) << static_cast<unsigned>(Apart)
        << (Dep->Earlier ? 0 : 1) << Dep->Var->getName();
    report(Diags, Dep->Write->getExprLoc(), Diag::NoteDependentWrite)
        << sourceText(Dep->Write, Context);
    return false;
  }
  if (Vector)
    return true;
  if (const Expr *Same = sameElementWrite(L, Spaces)) {
    report(Diags, Same->getExprLoc(), Diag::SameElementWrite)
        << sourceText(Same, Context);
    report(Diags, Loops.front()->For->getBeginLoc(), Diag::NoteSameElementLoop);
    return false;
  }
  return true;
}

} // namespace qd
