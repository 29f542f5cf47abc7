// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ReductionAnalysis.cpp ----------------------------------------------===//
//
// A reduction variable is a host scalar until its first reduction; from then
// on it is a device scalar in the call's scratch. Inside its loop every
// thread combines into a private copy, which is why the body may only
// combine: any other read would see a partial value, any other write would be
// lost in the combine.
//
//===----------------------------------------------------------------------===//
#include "analysis/loops/ReductionAnalysis.h"
#include "analysis/memory/CaptureAnalysis.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace qd {
namespace {

const DeclRefExpr *refOf(const Expr *E) {
  return E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
}

/// How the body combines with each operator, for messages.
std::string combineExample(ReductionOp Op, StringRef Var) {
  std::string V = Var.str();
  switch (Op) {
  case ReductionOp::Sum:
    return V + " += e";
  case ReductionOp::Product:
    return V + " *= e";
  case ReductionOp::Min:
    return V + " = std::min(" + V + ", e)";
  case ReductionOp::Max:
    return V + " = std::max(" + V + ", e)";
  case ReductionOp::BitAnd:
    return V + " &= e";
  case ReductionOp::BitOr:
    return V + " |= e";
  case ReductionOp::BitXor:
    return V + " ^= e";
  case ReductionOp::LogicalAnd:
    return V + " = " + V + " && e";
  case ReductionOp::LogicalOr:
    return V + " = " + V + " || e";
  }
  return V;
}

std::optional<ReductionOp> opOfBinary(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add:
  case BO_Sub:
  case BO_AddAssign:
  case BO_SubAssign:
    return ReductionOp::Sum;
  case BO_Mul:
  case BO_MulAssign:
    return ReductionOp::Product;
  case BO_And:
  case BO_AndAssign:
    return ReductionOp::BitAnd;
  case BO_Or:
  case BO_OrAssign:
    return ReductionOp::BitOr;
  case BO_Xor:
  case BO_XorAssign:
    return ReductionOp::BitXor;
  case BO_LAnd:
    return ReductionOp::LogicalAnd;
  case BO_LOr:
    return ReductionOp::LogicalOr;
  default:
    return std::nullopt;
  }
}

/// A binary operator, built-in or (in a template) not yet resolved.
struct BinaryView {
  BinaryOperatorKind Kind;
  const Expr *LHS;
  const Expr *RHS;
};

std::optional<BinaryView> binaryView(const Expr *E) {
  // Through conversions too: 'all = all && e' on an int converts the bool.
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return BinaryView{BO->getOpcode(), BO->getLHS(), BO->getRHS()};
  if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(E))
    if (Call->getNumArgs() == 2 && Call->getOperator() != OO_Subscript &&
        Call->getOperator() != OO_Call && Call->getOperator() != OO_Arrow)
      return BinaryView{BinaryOperator::getOverloadedOpcode(Call->getOperator()),
                        Call->getArg(0), Call->getArg(1)};
  return std::nullopt;
}

/// The operand of '++'/'--', built-in or not yet resolved.
const Expr *incrementOperand(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->isIncrementDecrementOp() ? UO->getSubExpr() : nullptr;
  if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(E))
    if (Call->getOperator() == OO_PlusPlus ||
        Call->getOperator() == OO_MinusMinus)
      return Call->getArg(0);
  return nullptr;
}

bool isMinMaxNamespace(const DeclContext *DC) {
  if (!DC)
    return false;
  const auto *NS = dyn_cast<NamespaceDecl>(DC->getEnclosingNamespaceContext());
  while (NS && NS->isInline())
    NS = dyn_cast<NamespaceDecl>(NS->getParent());
  return NS && (NS->isStdNamespace() || NS->getName() == "qd") &&
         NS->getParent()->getRedeclContext()->isTranslationUnit();
}

/// A call that combines like 'min' or 'max'.
struct MinMaxCall {
  ReductionOp Op;
  /// fmax or fmin, which return the other operand when one is NaN.
  bool IgnoresNaN;
};

/// The C library's fmax and fmin, and std::'s.
bool isLibraryNamespace(const DeclContext *DC) {
  return DC && (DC->getRedeclContext()->isTranslationUnit() ||
                isMinMaxNamespace(DC));
}

/// 'min' or 'max' for a call with two arguments to std::min/std::max/
/// qd::min/qd::max, or to fmin/fmax (in std:: or the global namespace, with
/// an 'f' or 'l' suffix or none).
std::optional<MinMaxCall> minMaxCall(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  if (!Call || Call->getNumArgs() != 2)
    return std::nullopt;
  StringRef Name;
  bool InNamespace = false, InLibrary = false;
  if (const FunctionDecl *FD = Call->getDirectCallee()) {
    Name = FD->getName();
    InNamespace = isMinMaxNamespace(FD->getDeclContext());
    InLibrary = isLibraryNamespace(FD->getDeclContext());
  } else if (const auto *Lookup = dyn_cast<UnresolvedLookupExpr>(
                 Call->getCallee()->IgnoreParenImpCasts())) {
    // A call in a template that depends on its arguments' types.
    if (Lookup->getName().isIdentifier())
      Name = Lookup->getName().getAsIdentifierInfo()->getName();
    for (const NamedDecl *D : Lookup->decls()) {
      InNamespace |= isMinMaxNamespace(D->getDeclContext());
      InLibrary |= isLibraryNamespace(D->getDeclContext());
    }
  }
  if (InNamespace && (Name == "min" || Name == "max"))
    return MinMaxCall{Name == "min" ? ReductionOp::Min : ReductionOp::Max,
                      false};
  if (InLibrary && llvm::is_contained({"fmin", "fminf", "fminl"}, Name))
    return MinMaxCall{ReductionOp::Min, true};
  if (InLibrary && llvm::is_contained({"fmax", "fmaxf", "fmaxl"}, Name))
    return MinMaxCall{ReductionOp::Max, true};
  return std::nullopt;
}

/// Finds the combines in a body and every reference to the variables it is
/// asked about: a reduction's, or those a remark would suggest reducing.
class CombineFinder : public RecursiveASTVisitor<CombineFinder> {
public:
  CombineFinder(ASTContext &Context,
                llvm::function_ref<bool(const VarDecl *)> IsTracked)
      : Context(Context), IsTracked(IsTracked) {}

  /// References that are part of a combine, with the combine's operator.
  llvm::DenseMap<const DeclRefExpr *, ReductionOp> Combines;
  /// References that are written.
  llvm::SmallPtrSet<const DeclRefExpr *, 8> Written;
  /// Variables combined with fmax or fmin at least once.
  llvm::SmallPtrSet<const VarDecl *, 4> NaNIgnoring;
  /// Every reference to a reduction variable, in source order.
  std::vector<const DeclRefExpr *> Uses;

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      if (IsTracked(Var))
        Uses.push_back(Ref);
    return true;
  }

  bool VisitExpr(Expr *E) {
    if (const Expr *Operand = incrementOperand(E)) {
      if (const DeclRefExpr *Ref = refOf(Operand); Ref && isReduced(Ref)) {
        Written.insert(Ref);
        if (isStatement(E))
          combine(ReductionOp::Sum, {Ref});
      }
      return true;
    }
    std::optional<BinaryView> B = binaryView(E);
    if (!B || !BinaryOperator::isAssignmentOp(B->Kind))
      return true;
    const DeclRefExpr *Target = refOf(B->LHS);
    if (!Target || !isReduced(Target))
      return true;
    Written.insert(Target);
    if (!isStatement(E))
      return true;
    if (B->Kind != BO_Assign) {
      // 'v += e', 'v -= e', 'v *= e', ...
      if (std::optional<ReductionOp> Op = opOfBinary(B->Kind))
        combine(*Op, {Target});
      return true;
    }
    const VarDecl *Var = cast<VarDecl>(Target->getDecl());
    if (std::optional<BinaryView> R = binaryView(B->RHS)) {
      // 'v = v op e', or 'v = e op v' for a commutative op.
      std::optional<ReductionOp> Op = opOfBinary(R->Kind);
      if (!Op || BinaryOperator::isAssignmentOp(R->Kind))
        return true;
      if (namedVariable(R->LHS) == Var)
        combine(*Op, {Target, refOf(R->LHS)});
      else if (namedVariable(R->RHS) == Var && R->Kind != BO_Sub)
        combine(*Op, {Target, refOf(R->RHS)});
      return true;
    }
    if (const auto *Choice =
            dyn_cast<ConditionalOperator>(B->RHS->IgnoreParenImpCasts())) {
      // 'v = e > v ? e : v', 'v = v < e ? v : e', ...: max or min.
      const Expr *Picked[2] = {Choice->getTrueExpr(), Choice->getFalseExpr()};
      for (unsigned I = 0; I < 2; ++I) {
        std::optional<Comparison> C = comparison(Choice->getCond(), Var);
        if (!C || namedVariable(Picked[1 - I]) != Var ||
            !sameValue(Picked[I], C->Other))
          continue;
        // Picking e when 'v < e' holds (I == 0) keeps the larger.
        const bool PicksOtherWhenTrue = I == 0;
        combine(C->VarIsSmaller == PicksOtherWhenTrue ? ReductionOp::Max
                                                      : ReductionOp::Min,
                {Target, C->VarRef, refOf(Picked[1 - I])});
        break;
      }
      return true;
    }
    if (std::optional<MinMaxCall> MinMax = minMaxCall(B->RHS)) {
      // 'v = std::min(v, e)' or 'v = std::min(e, v)', or with fmin.
      const auto *Call = cast<CallExpr>(B->RHS->IgnoreParenImpCasts());
      for (unsigned I = 0; I < 2; ++I)
        if (namedVariable(Call->getArg(I)) == Var) {
          combine(MinMax->Op, {Target, refOf(Call->getArg(I))});
          if (MinMax->IgnoresNaN)
            NaNIgnoring.insert(Var);
          break;
        }
    }
    return true;
  }

  /// 'if (e > v) v = e;' (max) and 'if (e < v) v = e;' (min), with no
  /// else, as serial code keeps the largest or smallest value.
  bool VisitIfStmt(IfStmt *If) {
    if (If->getElse() || If->getInit() || If->getConditionVariable())
      return true;
    const Stmt *Then = If->getThen();
    if (const auto *Block = dyn_cast<CompoundStmt>(Then))
      Then = Block->size() == 1 ? Block->body_front() : nullptr;
    const auto *Assign = dyn_cast_or_null<Expr>(Then);
    std::optional<BinaryView> B =
        Assign ? binaryView(Assign) : std::optional<BinaryView>();
    if (!B || B->Kind != BO_Assign)
      return true;
    const DeclRefExpr *Target = refOf(B->LHS);
    if (!Target || !isReduced(Target))
      return true;
    std::optional<Comparison> C =
        comparison(If->getCond(), cast<VarDecl>(Target->getDecl()));
    if (!C || !sameValue(B->RHS, C->Other))
      return true;
    combine(C->VarIsSmaller ? ReductionOp::Max : ReductionOp::Min,
            {Target, C->VarRef});
    return true;
  }

private:
  ASTContext &Context;
  llvm::function_ref<bool(const VarDecl *)> IsTracked;

  /// A comparison of a variable with another value, as 'v < e' or 'e > v'.
  struct Comparison {
    const DeclRefExpr *VarRef;
    const Expr *Other;
    /// Whether it holds when the variable is the smaller ('<', '<=').
    bool VarIsSmaller;
  };
  std::optional<Comparison> comparison(const Expr *Cond,
                                       const VarDecl *Var) const {
    std::optional<BinaryView> B = binaryView(Cond);
    if (!B || !BinaryOperator::isRelationalOp(B->Kind))
      return std::nullopt;
    const bool Less = B->Kind == BO_LT || B->Kind == BO_LE;
    if (namedVariable(B->LHS) == Var && namedVariable(B->RHS) != Var)
      return Comparison{refOf(B->LHS), B->RHS, Less};
    if (namedVariable(B->RHS) == Var && namedVariable(B->LHS) != Var)
      return Comparison{refOf(B->RHS), B->LHS, !Less};
    return std::nullopt;
  }

  /// The same expression, written twice ('a[i] > v ? a[i] : v').
  bool sameValue(const Expr *A, const Expr *B) const {
    llvm::FoldingSetNodeID IdA, IdB;
    A->IgnoreParenImpCasts()->Profile(IdA, Context, /*Canonical=*/true);
    B->IgnoreParenImpCasts()->Profile(IdB, Context, /*Canonical=*/true);
    return IdA == IdB;
  }

  bool isReduced(const DeclRefExpr *Ref) const {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    return Var && IsTracked(Var);
  }

  /// A combine whose value is used ('y = (v += e)') reads a partial value.
  bool isStatement(const Expr *E) {
    DynTypedNodeList Parents = Context.getParents(*E);
    for (const DynTypedNode &Parent : Parents) {
      if (const auto *P = Parent.get<Expr>()) {
        if (isa<ExprWithCleanups, ParenExpr>(P))
          return isStatement(P);
        return false;
      }
    }
    return true;
  }

  void combine(ReductionOp Op, std::initializer_list<const DeclRefExpr *> Refs) {
    for (const DeclRefExpr *Ref : Refs)
      Combines[Ref] = Op;
  }
};

/// Why a clause cannot reduce into a kernel parameter of type \p T.
std::string referenceParameterTrouble(QualType T) {
  if (!T->isLValueReferenceType() || T.getNonReferenceType().isConstQualified())
    return "it is a kernel parameter passed by value or by const reference; "
           "declare a local initialized from it before the loop and reduce "
           "into that";
  const QualType Pointee = T.getNonReferenceType();
  if (Pointee.isVolatileQualified())
    return "it is a reference to a volatile variable";
  if (!Pointee->isArithmeticType() && !Pointee->isDependentType())
    return "its type '" + Pointee.getAsString() +
           "' is not an arithmetic type (an integer, floating-point or bool)";
  return "it is a reference parameter, but a variable of the kernel's body "
         "has the same name; rename that variable";
}

} // namespace

std::optional<ReductionOp> minMaxCombineOp(const Expr *E) {
  if (std::optional<MinMaxCall> Call = minMaxCall(E))
    return Call->Op;
  return std::nullopt;
}

bool resolveReductions(const Directive &D, const ReductionScope &Scope,
                       ASTContext &Context, std::vector<Reduction> &Out) {
  DiagnosticsEngine &Diags = Context.getDiagnostics();
  bool Ok = true;
  for (const ReductionItem &Item : D.Reductions) {
    auto Invalid = [&](const std::string &Why) {
      report(Diags, Item.NameLoc, Diag::ReductionVariableInvalid)
          << Item.Name << Why;
      Ok = false;
    };
    const VarDecl *Var = Scope.SameLevel->lookup(Item.Name);
    const bool IntoKernelLocal = !Var;
    // A block may reduce into a local of the kernel body declared before
    // its region: the result is the call's device scalar, which the work
    // after the join reads (the kernel analysis checks that no other block
    // of the region uses it).
    for (auto Level = Scope.Outer.rbegin(); !Var && Level != Scope.Outer.rend();
         ++Level)
      Var = Level->lookup(Item.Name);
    const ParmVarDecl *Param = nullptr;
    if (!Var) {
      const auto Found = llvm::find_if(
          Scope.Kernel->parameters(),
          [&](const ParmVarDecl *P) { return P->getName() == Item.Name; });
      if (Found != Scope.Kernel->parameters().end())
        Param = *Found;
    }
    if (Param && Scope.IsReferenceResult && Scope.IsReferenceResult(Param)) {
      // The caller's variable, held in a slot for the whole call
      // (ReferenceResults.h); in a block, as a kernel local is.
      Reduction R;
      R.Var = Param;
      R.Op = Item.Op;
      R.NameLoc = Item.NameLoc;
      R.IntoKernelLocal = !Scope.Outer.empty();
      const QualType T = Param->getType().getNonReferenceType();
      if (reductionOpIsBitwise(Item.Op) && !T->isDependentType() &&
          !T->isIntegralOrUnscopedEnumerationType()) {
        report(Diags, Item.NameLoc, Diag::ReductionOperatorType)
            << reductionOpSpelling(Item.Op) << Item.Name << T.getAsString();
        Ok = false;
      }
      Out.push_back(R);
      continue;
    }
    if (!Var) {
      if (Param)
        Invalid(referenceParameterTrouble(Param->getType()));
      else
        Invalid("no local of that name is declared before this loop in the "
                "same kernel body or block, or in the kernel body before the "
                "block's region");
      continue;
    }
    QualType T = Var->getType();
    if (!T->isDependentType() && !T->isArithmeticType()) {
      Invalid("its type '" + T.getAsString() +
              "' is not an arithmetic type (an integer, floating-point or "
              "bool)");
      continue;
    }
    if (!Var->hasInit() && !(Scope.HasValue && Scope.HasValue(Var))) {
      Invalid("it has no initializer; the initializer takes part in the "
              "result, so give it the value to start from");
      continue;
    }
    if (!Scope.IsHostScalar(Var)) {
      Invalid("its initializer is not a host value, so it is declared on "
              "the device; initialize it from parameters, constants and "
              "host scalars");
      continue;
    }
    if (reductionOpIsBitwise(Item.Op) && !T->isDependentType() &&
        !T->isIntegralOrUnscopedEnumerationType()) {
      report(Diags, Item.NameLoc, Diag::ReductionOperatorType)
          << reductionOpSpelling(Item.Op) << Item.Name << T.getAsString();
      Ok = false;
      // Still a reduction variable: its combines are not host writes.
    }
    Reduction R;
    R.Var = Var;
    R.Op = Item.Op;
    R.NameLoc = Item.NameLoc;
    R.IntoKernelLocal = IntoKernelLocal;
    Out.push_back(R);
  }
  return Ok;
}

/// A lambda written before the loop and called in its body changes the
/// variable it captured, not the thread's private copy that the body's own
/// uses name: the combine would lose what it adds. Its writes are found
/// where the body calls it (MayWrite.h), outside the body's text.
static bool
checkNoWriteFromOutside(const Stmt *Body,
                        const llvm::DenseMap<const VarDecl *, ReductionOp> &Ops,
                        ASTContext &Context) {
  const SourceManager &SM = Context.getSourceManager();
  const SourceRange R = Body->getSourceRange();
  std::optional<VariableWrite> Outside;
  forEachMayWrite(Body, [&](const VariableWrite &W) {
    const SourceLocation At = W.At->getBeginLoc();
    if (!Ops.count(W.Var) || (!SM.isBeforeInTranslationUnit(At, R.getBegin()) &&
                              !SM.isBeforeInTranslationUnit(R.getEnd(), At)))
      return true;
    Outside = W;
    return false;
  });
  if (!Outside)
    return true;
  const ReductionOp Op = Ops.lookup(Outside->Var);
  report(Context.getDiagnostics(), Outside->At->getExprLoc(),
         Diag::ReductionVariableMisuse)
      << Outside->Var->getName() << reductionOpSpelling(Op)
      << combineExample(Op, Outside->Var->getName()) << 1 << StringRef();
  return false;
}

bool checkReductionUses(const Stmt *Body,
                        llvm::MutableArrayRef<Reduction> Reductions,
                        ASTContext &Context) {
  llvm::DenseMap<const VarDecl *, ReductionOp> Ops;
  for (const Reduction &R : Reductions)
    Ops[R.Var] = R.Op;
  auto IsReduced = [&](const VarDecl *Var) { return Ops.count(Var) != 0; };
  CombineFinder Finder(Context, IsReduced);
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  // A body that mixes fmax and std::max combines is combined as fmax. A
  // dependent type may be floating-point; the runtime's FMax is max on
  // integers.
  for (Reduction &R : Reductions) {
    const QualType T = R.Var->getType();
    R.IgnoresNaN = Finder.NaNIgnoring.count(R.Var) &&
                   (T->isDependentType() || T->isRealFloatingType());
  }
  bool Ok = true;
  llvm::SmallPtrSet<const VarDecl *, 4> Reported;
  for (const DeclRefExpr *Use : Finder.Uses) {
    const auto *Var = cast<VarDecl>(Use->getDecl());
    const ReductionOp Op = Ops.lookup(Var);
    auto Other = Finder.Combines.find(Use);
    if (Other != Finder.Combines.end() && Other->second == Op)
      continue;
    // One error per variable: the rest of its uses are likely the same.
    if (!Reported.insert(Var).second)
      continue;
    unsigned Kind = Other != Finder.Combines.end() ? 2
                    : Finder.Written.count(Use)    ? 1
                                                   : 0;
    report(Context.getDiagnostics(), Use->getLocation(),
           Diag::ReductionVariableMisuse)
        << Var->getName() << reductionOpSpelling(Op)
        << combineExample(Op, Var->getName()) << Kind
        << (Kind == 2 ? reductionOpSpelling(Other->second) : StringRef());
    Ok = false;
  }
  if (Ok)
    Ok = checkNoWriteFromOutside(Body, Ops, Context);
  return Ok;
}

std::optional<llvm::MapVector<const VarDecl *, ReductionOp>>
impliedReductions(const Stmt *Body,
                  llvm::function_ref<bool(const VarDecl *)> IsCandidate,
                  ASTContext &Context) {
  llvm::DenseSet<const VarDecl *> Written;
  bool Ok = true;
  CombineFinder Finder(Context, IsCandidate);
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  // Every write, also one the finder does not see as such ('&t', 'f(t)',
  // 'acc[k] = e'), must be a combine's.
  forEachMayWrite(Body, [&](const VariableWrite &W) {
    if (!IsCandidate(W.Var))
      return true;
    Written.insert(W.Var);
    const auto *Ref = dyn_cast<DeclRefExpr>(W.At->IgnoreParenImpCasts());
    Ok = Ref && Ref->getDecl() == W.Var && Finder.Combines.count(Ref);
    return Ok;
  });
  if (!Ok)
    return std::nullopt;
  llvm::MapVector<const VarDecl *, ReductionOp> Out;
  for (const DeclRefExpr *Use : Finder.Uses) {
    const auto *Var = cast<VarDecl>(Use->getDecl());
    if (!Written.count(Var))
      continue; // only read: the same value in every iteration
    auto Combine = Finder.Combines.find(Use);
    if (Combine == Finder.Combines.end())
      return std::nullopt; // a partial value read
    auto [It, New] = Out.insert({Var, Combine->second});
    if (!New && It->second != Combine->second)
      return std::nullopt;
  }
  return Out;
}

bool isReduced(llvm::ArrayRef<Reduction> Reductions, const VarDecl *Var) {
  return llvm::any_of(Reductions,
                      [&](const Reduction &R) { return R.Var == Var; });
}

static void noteReductionHere(const VarDecl *Var,
                              const DeviceScalarMap &Scalars,
                              ASTContext &Context) {
  const DeviceScalar Scalar = Scalars.lookup(Var);
  report(Context.getDiagnostics(), Scalar.Where,
         Scalar.Derived ? Diag::NoteDerivedScalarHere : Diag::NoteReductionHere)
      << Var->getName();
}

bool checkNoDeviceScalarOnHost(const Stmt *E, unsigned What,
                               const DeviceScalarMap &Scalars,
                               ASTContext &Context) {
  if (!E || Scalars.empty())
    return true;
  const DeclRefExpr *Use = findReferenceTo(
      E, [&](const VarDecl *Var) { return Scalars.count(Var) != 0; });
  if (!Use)
    return true;
  reportDeviceScalarReadOnHost(Use->getLocation(),
                               cast<VarDecl>(Use->getDecl()), What, Scalars,
                               Context);
  return false;
}

void reportDeviceScalarReadOnHost(SourceLocation Loc, const VarDecl *Var,
                                  unsigned What, const DeviceScalarMap &Scalars,
                                  ASTContext &Context) {
  // Only a reference parameter reduced into is a parameter that is a
  // device scalar (ReferenceResults.h): a device scalar for the whole call.
  report(Context.getDiagnostics(), Loc,
         isa<ParmVarDecl>(Var) ? Diag::ReferenceResultOnHost
                               : Diag::ReductionResultReadOnHost)
      << Var->getName() << What;
  noteReductionHere(Var, Scalars, Context);
}

void reportDeviceScalarWritten(const VariableWrite &Write,
                               const DeviceScalarMap &Scalars,
                               ASTContext &Context) {
  report(Context.getDiagnostics(), Write.At->getExprLoc(),
         Diag::DeviceScalarWritten)
      << Write.Var->getName();
  noteReductionHere(Write.Var, Scalars, Context);
}

} // namespace qd
