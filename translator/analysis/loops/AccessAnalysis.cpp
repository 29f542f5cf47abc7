// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessAnalysis.cpp -------------------------------------------------===//
#include "analysis/loops/AccessAnalysis.h"
#include "analysis/memory/MayWrite.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <algorithm>

using namespace clang;

namespace qd {

// --- Polynomial -------------------------------------------------------------

Polynomial Polynomial::constant(int64_t C) {
  Polynomial P;
  if (C != 0)
    P.Terms[{}] = C;
  return P;
}

Polynomial Polynomial::name(const std::string &Name) {
  Polynomial P;
  P.Terms[{Name}] = 1;
  return P;
}

bool Polynomial::isConstant(int64_t &C) const {
  if (Terms.empty()) {
    C = 0;
    return true;
  }
  if (Terms.size() == 1 && Terms.begin()->first.empty()) {
    C = Terms.begin()->second;
    return true;
  }
  return false;
}

Polynomial Polynomial::operator+(const Polynomial &O) const {
  Polynomial R = *this;
  for (const auto &[M, C] : O.Terms) {
    int64_t &Sum = R.Terms[M];
    Sum += C;
    if (Sum == 0)
      R.Terms.erase(M);
  }
  return R;
}

Polynomial Polynomial::operator-(const Polynomial &O) const {
  return *this + O * constant(-1);
}

Polynomial Polynomial::operator*(const Polynomial &O) const {
  Polynomial R;
  for (const auto &[MA, CA] : Terms)
    for (const auto &[MB, CB] : O.Terms) {
      Monomial M = MA;
      M.insert(M.end(), MB.begin(), MB.end());
      llvm::sort(M);
      int64_t &Sum = R.Terms[M];
      Sum += CA * CB;
      if (Sum == 0)
        R.Terms.erase(M);
    }
  return R;
}

Polynomial Polynomial::coefficientOf(const std::string &Name) const {
  Polynomial R;
  for (const auto &[M, C] : Terms) {
    auto It = llvm::find(M, Name);
    if (It == M.end())
      continue;
    Monomial Rest = M;
    Rest.erase(Rest.begin() + (It - M.begin()));
    R.Terms[Rest] += C;
  }
  return R;
}

bool Polynomial::mentions(const std::string &Name) const {
  for (const auto &[M, C] : Terms)
    if (llvm::is_contained(M, Name))
      return true;
  return false;
}

std::optional<int64_t> Polynomial::multipleOf(const Polynomial &Unit) const {
  if (Unit.Terms.empty())
    return std::nullopt;
  const auto &[M, C] = *Unit.Terms.begin();
  auto It = Terms.find(M);
  const int64_t Mine = It == Terms.end() ? 0 : It->second;
  if (Mine % C != 0)
    return std::nullopt;
  const int64_t K = Mine / C;
  if (!(Unit * constant(K) == *this))
    return std::nullopt;
  return K;
}

std::string Polynomial::str() const {
  if (Terms.empty())
    return "0";
  std::vector<std::pair<Monomial, int64_t>> Sorted(Terms.begin(), Terms.end());
  std::stable_sort(Sorted.begin(), Sorted.end(),
                   [](const auto &A, const auto &B) {
                     return A.first.size() > B.first.size();
                   });
  std::string Out;
  for (const auto &[M, C] : Sorted) {
    int64_t Abs = C < 0 ? -C : C;
    if (Out.empty())
      Out += C < 0 ? "-" : "";
    else
      Out += C < 0 ? " - " : " + ";
    std::string Term;
    if (Abs != 1 || M.empty())
      Term = std::to_string(Abs);
    for (const std::string &Name : M)
      Term += (Term.empty() ? "" : " * ") + Name;
    Out += Term;
  }
  return Out;
}

bool IndexStride::coalesces() const {
  int64_t C = 0;
  return Known && Elements.isConstant(C) && C >= -1 && C <= 1;
}

bool IndexStride::isUnit() const {
  int64_t C = 0;
  return Known && Elements.isConstant(C) && (C == 1 || C == -1);
}

std::string sourceText(const Expr *E, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      Ctx.getLangOpts());
  if (R.isValid())
    return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  // Part of a macro expansion: the expression as the parser saw it.
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  E->printPretty(OS, nullptr, PrintingPolicy(Ctx.getLangOpts()));
  return OS.str();
}

// --- The analysis -----------------------------------------------------------

namespace {

/// Locals of the body, with what the analysis needs about each.
struct LocalInfo {
  const Expr *Init = nullptr;
  /// Assigned, incremented or had its address taken after its declaration.
  bool Changed = false;
  /// The variable of a loop nested in the body. Every thread runs the same
  /// iterations in step (the steps and bounds that make that untrue are
  /// data-dependent control flow, which coalescing analysis cannot see
  /// anyway), so it differs between threads by what its start differs by.
  bool LoopVar = false;
  /// The starts of the C-style loops nested in the body that assign the
  /// variable, declared before them ('int j; ... for (j = 0; ...)'). Inside
  /// one of them it differs between threads by what that loop's start
  /// differs by, as a variable declared in the loop's header would;
  /// elsewhere by what they all differ by, when they agree.
  llvm::SmallVector<const Expr *, 2> LoopStarts;
  /// Written other than by a loop header's start or step: it holds more
  /// than its loops' values.
  bool WrittenOutsideHeaders = false;
};

class LocalScanner : public RecursiveASTVisitor<LocalScanner> {
public:
  llvm::DenseMap<const VarDecl *, LocalInfo> Locals;
  /// A use of a C-style loop's variable inside that loop (the innermost
  /// one that assigns it): the loop's start.
  llvm::DenseMap<const DeclRefExpr *, const Expr *> LoopStartOf;

  bool TraverseForStmt(ForStmt *For) {
    const VarDecl *Var = nullptr;
    const Expr *Start = nullptr;
    // C code declares its loop variables at the top of the function.
    if (const auto *Init = dyn_cast_or_null<BinaryOperator>(For->getInit());
        Init && Init->getOpcode() == BO_Assign)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(Init->getLHS()->IgnoreParens()))
        if ((Var = dyn_cast<VarDecl>(DRE->getDecl()))) {
          Start = Init->getRHS();
          Locals[Var].LoopStarts.push_back(Start);
          HeaderWrites.insert(Init);
        }
    if (const Expr *Inc = For->getInc())
      HeaderWrites.insert(Inc->IgnoreParens());
    if (Var)
      OpenLoops.push_back({Var, Start});
    const bool Result = RecursiveASTVisitor::TraverseForStmt(For);
    if (Var)
      OpenLoops.pop_back();
    return Result;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    for (auto It = OpenLoops.rbegin(); It != OpenLoops.rend(); ++It)
      if (It->first == DRE->getDecl()) {
        LoopStartOf[DRE] = It->second;
        break;
      }
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->isLocalVarDecl())
      Locals[VD].Init = VD->getInit();
    return true;
  }
  bool VisitForStmt(ForStmt *For) {
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit()))
      if (DS->isSingleDecl())
        if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl()))
          Locals[VD].LoopVar = true;
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      markChanged(BO->getLHS(), BO);
    return true;
  }
  bool VisitCompoundAssignOperator(CompoundAssignOperator *CAO) {
    markChanged(CAO->getLHS(), CAO);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      markChanged(UO->getSubExpr(), UO);
    return true;
  }

private:
  /// A loop's start ('j = 0') and step ('j++'), seen before the writes in
  /// them (the visitor walks a 'for' before its parts).
  llvm::DenseSet<const Stmt *> HeaderWrites;
  /// The C-style loops around the statement being visited.
  std::vector<std::pair<const VarDecl *, const Expr *>> OpenLoops;

  void markChanged(const Expr *E, const Expr *Write) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        LocalInfo &L = Locals[VD];
        L.Changed = true;
        if (!HeaderWrites.count(Write))
          L.WrittenOutsideHeaders = true;
      }
  }
};

} // namespace

Polynomial polynomialOf(const Expr *E, ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  Expr::EvalResult Result;
  if (!E->isValueDependent() && E->EvaluateAsInt(Result, Ctx))
    return Polynomial::constant(Result.Val.getInt().getExtValue());
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
    if (Cast->getType()->isIntegerType())
      return polynomialOf(Cast->getSubExpr(), Ctx);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return Polynomial::name(DRE->getDecl()->getNameAsString());
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    switch (BO->getOpcode()) {
    case BO_Add:
      return polynomialOf(BO->getLHS(), Ctx) + polynomialOf(BO->getRHS(), Ctx);
    case BO_Sub:
      return polynomialOf(BO->getLHS(), Ctx) - polynomialOf(BO->getRHS(), Ctx);
    case BO_Mul:
      return polynomialOf(BO->getLHS(), Ctx) * polynomialOf(BO->getRHS(), Ctx);
    default:
      break;
    }
  }
  return Polynomial::name("(" + sourceText(E, Ctx) + ")");
}

namespace {

class StrideEvaluator {
public:
  StrideEvaluator(const VarDecl *Index, ASTContext &Ctx,
                  const LocalScanner &Scanner)
      : Index(Index), Ctx(Ctx), Locals(Scanner.Locals),
        LoopStartOf(Scanner.LoopStartOf) {}

  /// Whether \p E's value can differ between neighbouring threads.
  bool dependsOnIndex(const Expr *E) {
    struct Finder : RecursiveASTVisitor<Finder> {
      StrideEvaluator &Self;
      bool Found = false;
      explicit Finder(StrideEvaluator &Self) : Self(Self) {}
      bool VisitDeclRefExpr(DeclRefExpr *DRE) {
        if (Self.isIndexDependentRef(DRE))
          Found = true;
        return !Found;
      }
    } F(*this);
    F.TraverseStmt(const_cast<Expr *>(E));
    return F.Found;
  }

  /// The coefficient of the index in \p E.
  IndexStride stride(const Expr *E) {
    E = E->IgnoreParens();
    if (!dependsOnIndex(E))
      return known(Polynomial());
    if (const auto *Cast = dyn_cast<CastExpr>(E)) {
      // Reading a variable, and integer conversions, keep the value (the
      // ones that wrap around are not what an index does).
      const bool Keeps = Cast->getCastKind() == CK_LValueToRValue ||
                         Cast->getCastKind() == CK_NoOp ||
                         (Cast->getType()->isIntegerType() &&
                          Cast->getSubExpr()->getType()->isIntegerType());
      if (Keeps)
        return stride(Cast->getSubExpr());
      return unknown("the index goes through a conversion ('" +
                         sourceText(E, Ctx) + "')",
                     E);
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (DRE->getDecl() == Index)
        return known(Polynomial::constant(1));
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD)
        return unknown("the index goes through '" + sourceText(E, Ctx) + "'", E);
      auto It = Locals.find(VD);
      if (It != Locals.end() && followed(It->second) &&
          Following.insert(VD).second) {
        std::optional<IndexStride> S;
        for (const Expr *Start : starts(It->second, DRE)) {
          IndexStride This = stride(Start);
          if (!This.Known || (S && !(S->Elements == This.Elements))) {
            if (This.Known)
              This = unknown("'" + VD->getNameAsString() +
                                 "' starts its loops at values that differ "
                                 "between threads by different amounts",
                             E);
            S = This;
            break;
          }
          S = This;
        }
        Following.erase(VD);
        return *S;
      }
      return unknown("'" + VD->getNameAsString() +
                         "' changes in the loop body in a way that depends "
                         "on the index",
                     E);
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_Minus) {
        IndexStride S = stride(UO->getSubExpr());
        if (S.Known)
          S.Elements = S.Elements * Polynomial::constant(-1);
        return S;
      }
      if (UO->getOpcode() == UO_Plus)
        return stride(UO->getSubExpr());
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      const Expr *L = BO->getLHS(), *R = BO->getRHS();
      switch (BO->getOpcode()) {
      case BO_Add:
      case BO_Sub: {
        IndexStride A = stride(L), B = stride(R);
        if (!A.Known)
          return A;
        if (!B.Known)
          return B;
        return known(BO->getOpcode() == BO_Add ? A.Elements + B.Elements
                                               : A.Elements - B.Elements);
      }
      case BO_Mul: {
        const bool DL = dependsOnIndex(L), DR = dependsOnIndex(R);
        if (DL && DR)
          return unknown("the index is multiplied by an expression that "
                         "depends on it",
                         E);
        IndexStride S = stride(DL ? L : R);
        if (!S.Known)
          return S;
        return known(S.Elements * value(DL ? R : L));
      }
      default:
        return unknown("the index goes through '" +
                           BinaryOperator::getOpcodeStr(BO->getOpcode()).str() +
                           "'",
                       E);
      }
    }
    if (isa<ArraySubscriptExpr>(E) ||
        (isa<UnaryOperator>(E) &&
         cast<UnaryOperator>(E)->getOpcode() == UO_Deref))
      return unknown("the index is loaded from memory ('" +
                         sourceText(E, Ctx) + "'), so it depends on the data",
                     E);
    if (isa<CallExpr>(E))
      return unknown("the index goes through a call ('" + sourceText(E, Ctx) +
                         "')",
                     E);
    if (isa<ConditionalOperator>(E))
      return unknown("the index goes through a condition", E);
    return unknown("the index goes through '" + sourceText(E, Ctx) + "'", E);
  }

private:
  const VarDecl *Index;
  ASTContext &Ctx;
  const llvm::DenseMap<const VarDecl *, LocalInfo> &Locals;
  const llvm::DenseMap<const DeclRefExpr *, const Expr *> &LoopStartOf;
  llvm::DenseSet<const VarDecl *> Following; // guards against cycles

  static IndexStride known(Polynomial P) {
    IndexStride S;
    S.Elements = std::move(P);
    return S;
  }
  static IndexStride unknown(std::string Reason, const Expr *Culprit) {
    IndexStride S;
    S.Known = false;
    S.Reason = std::move(Reason);
    S.Culprit = Culprit;
    return S;
  }

  /// Whether a local's value across threads is its initializer's, or its
  /// C-style loops' starts'.
  static bool followed(const LocalInfo &L) {
    if (!L.LoopStarts.empty())
      return !L.WrittenOutsideHeaders;
    return L.Init && (L.LoopVar || !L.Changed);
  }

  /// The expressions whose values a followed local may hold at \p Use:
  /// its enclosing C-style loop's start, else all its starts.
  llvm::SmallVector<const Expr *, 3> starts(const LocalInfo &L,
                                            const DeclRefExpr *Use) const {
    if (const Expr *Start = LoopStartOf.lookup(Use))
      return {Start};
    llvm::SmallVector<const Expr *, 3> Starts(L.LoopStarts.begin(),
                                              L.LoopStarts.end());
    if (L.Init)
      Starts.push_back(L.Init);
    return Starts;
  }

  bool isIndexDependentRef(const DeclRefExpr *Use) {
    const ValueDecl *D = Use->getDecl();
    if (D == Index)
      return true;
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD)
      return false;
    auto It = Locals.find(VD);
    if (It == Locals.end())
      return false; // a parameter, or a variable of the kernel outside
    if (!followed(It->second))
      return It->second.Changed; // cannot tell what it holds when
    if (!Following.insert(VD).second)
      return false;
    const bool Depends =
        llvm::any_of(starts(It->second, Use),
                     [&](const Expr *E) { return dependsOnIndex(E); });
    Following.erase(VD);
    return Depends;
  }

  Polynomial value(const Expr *E) { return polynomialOf(E, Ctx); }

public:
  ASTContext &context() const { return Ctx; }
};

class AccessFinder : public RecursiveASTVisitor<AccessFinder> {
public:
  explicit AccessFinder(StrideEvaluator &Strides) : Strides(Strides) {}

  std::vector<Access> Accesses;

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      Written.insert(BO->getLHS()->IgnoreParens());
    return true;
  }
  bool VisitCompoundAssignOperator(CompoundAssignOperator *CAO) {
    Written.insert(CAO->getLHS()->IgnoreParens());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      Written.insert(UO->getSubExpr()->IgnoreParens());
    if (UO->getOpcode() != UO_Deref)
      return true;
    // '*(p + e)', '*(e + p)', '*p'.
    const Expr *Operand = UO->getSubExpr()->IgnoreParenImpCasts();
    const Expr *Base = Operand, *Offset = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(Operand);
        BO && BO->isAdditiveOp()) {
      const bool LeftIsPointer = BO->getLHS()->getType()->isPointerType();
      Base = (LeftIsPointer ? BO->getLHS() : BO->getRHS())->IgnoreParenImpCasts();
      Offset = LeftIsPointer ? BO->getRHS() : BO->getLHS();
      if (BO->getOpcode() == BO_Sub && !LeftIsPointer)
        return true; // 'n - p' is not a pointer
    }
    add(UO, Base, Offset, isSubtraction(Operand));
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
    add(ASE, ASE->getBase()->IgnoreParenImpCasts(), ASE->getIdx(), false);
    return true;
  }

  /// Marks the accesses that are assigned to, once the whole body was seen.
  void finish() {
    for (Access &A : Accesses)
      A.Write = Written.count(A.E) != 0;
  }

private:
  StrideEvaluator &Strides;
  llvm::DenseSet<const Expr *> Written;

  static bool isSubtraction(const Expr *Operand) {
    const auto *BO = dyn_cast<BinaryOperator>(Operand);
    return BO && BO->getOpcode() == BO_Sub;
  }

  void add(const Expr *E, const Expr *Base, const Expr *Offset,
           bool Subtracted) {
    // Arrays of the body's own locals live in registers or local memory,
    // per thread: coalescing is about the pointers' memory.
    if (!Base->getType()->isPointerType())
      return;
    Access A;
    A.E = E;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Base))
      A.Pointer = DRE->getDecl();
    A.Element = E->getType();
    if (Offset) {
      A.Offset = polynomialOf(Offset, Strides.context());
      if (Subtracted)
        A.Offset = A.Offset * Polynomial::constant(-1);
    }
    if (!Offset) {
      A.Stride.Elements = Polynomial();
    } else {
      A.Stride = Strides.stride(Offset);
      if (Subtracted && A.Stride.Known)
        A.Stride.Elements = A.Stride.Elements * Polynomial::constant(-1);
    }
    // A pointer that itself changes with the index ('float* row = a + i * n;
    // row[j]') moves the address too, in elements of the same type.
    if (A.Stride.Known && Strides.dependsOnIndex(Base)) {
      IndexStride Moved = Strides.stride(Base);
      if (Moved.Known)
        Moved.Elements = Moved.Elements + A.Stride.Elements;
      A.Stride = Moved;
    }
    Accesses.push_back(A);
  }
};

} // namespace

std::vector<Access> analyzeAccesses(const Stmt *Body, const VarDecl *Index,
                                    ASTContext &Context) {
  LocalScanner Scanner;
  Scanner.TraverseStmt(const_cast<Stmt *>(Body));
  // A local changed through a reference, a pointer or a call is not its
  // initializer either (MayWrite.h).
  forEachMayWrite(Body, [&](const VariableWrite &W) {
    if (auto It = Scanner.Locals.find(W.Var); It != Scanner.Locals.end())
      It->second.Changed = true;
    return true;
  });
  StrideEvaluator Strides(Index, Context, Scanner);
  AccessFinder Finder(Strides);
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  Finder.finish();
  return Finder.Accesses;
}

} // namespace qd
