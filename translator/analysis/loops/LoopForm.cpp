// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoopForm.cpp -------------------------------------------------------===//
#include "analysis/loops/LoopForm.h"
#include "analysis/memory/CaptureAnalysis.h"
#include "analysis/memory/MayWrite.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace qd {
namespace {

bool refersTo(const Expr *E, const VarDecl *Var) {
  return Var && namedVariable(E) == Var;
}

/// The operator and operands of a binary expression, whether clang built a
/// BinaryOperator or, for dependent or class operands, an operator call.
struct BinaryParts {
  std::optional<BinaryOperatorKind> Op;
  const Expr *LHS = nullptr;
  const Expr *RHS = nullptr;
};

std::optional<BinaryOperatorKind> binaryOperatorOf(OverloadedOperatorKind K) {
  switch (K) {
  case OO_Less:
    return BO_LT;
  case OO_LessEqual:
    return BO_LE;
  case OO_Greater:
    return BO_GT;
  case OO_GreaterEqual:
    return BO_GE;
  case OO_PlusEqual:
    return BO_AddAssign;
  case OO_MinusEqual:
    return BO_SubAssign;
  case OO_Equal:
    return BO_Assign;
  case OO_Plus:
    return BO_Add;
  case OO_Minus:
    return BO_Sub;
  default:
    return std::nullopt;
  }
}

BinaryParts decomposeBinary(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return {BO->getOpcode(), BO->getLHS(), BO->getRHS()};
  if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Call->getNumArgs() != 2)
      return {};
    if (std::optional<BinaryOperatorKind> Op =
            binaryOperatorOf(Call->getOperator()))
      return {*Op, Call->getArg(0), Call->getArg(1)};
  }
  return {};
}

/// The direction and step of an increment of \p Var: +1 or -1 with a null
/// \p Step for '++'/'--', else the step expression with its sign.
struct Increment {
  int Sign = 0;
  const Expr *Step = nullptr;
};

std::optional<Increment> incrementOf(const Expr *Inc, const VarDecl *Var) {
  Inc = Inc->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc)) {
    if (!refersTo(UO->getSubExpr(), Var))
      return std::nullopt;
    if (UO->isIncrementOp())
      return Increment{+1, nullptr};
    if (UO->isDecrementOp())
      return Increment{-1, nullptr};
    return std::nullopt;
  }
  if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(Inc)) {
    if ((Call->getOperator() == OO_PlusPlus ||
         Call->getOperator() == OO_MinusMinus) &&
        Call->getNumArgs() >= 1) {
      if (!refersTo(Call->getArg(0), Var))
        return std::nullopt;
      return Increment{Call->getOperator() == OO_PlusPlus ? +1 : -1, nullptr};
    }
  }
  BinaryParts Parts = decomposeBinary(Inc);
  if (!Parts.Op || !refersTo(Parts.LHS, Var))
    return std::nullopt;
  if (*Parts.Op == BO_AddAssign || *Parts.Op == BO_SubAssign)
    return Increment{*Parts.Op == BO_AddAssign ? +1 : -1, Parts.RHS};
  if (*Parts.Op != BO_Assign)
    return std::nullopt;
  // 'i = i + c', 'i = c + i', 'i = i - c'.
  BinaryParts Sum = decomposeBinary(Parts.RHS);
  if (Sum.Op == BO_Add && refersTo(Sum.LHS, Var) && !refersTo(Sum.RHS, Var))
    return Increment{+1, Sum.RHS};
  if (Sum.Op == BO_Add && refersTo(Sum.RHS, Var) && !refersTo(Sum.LHS, Var))
    return Increment{+1, Sum.LHS};
  if (Sum.Op == BO_Sub && refersTo(Sum.LHS, Var) && !refersTo(Sum.RHS, Var))
    return Increment{-1, Sum.RHS};
  return std::nullopt;
}

bool isIntegerVariableType(QualType T) {
  return T->isDependentType() ||
         (T->isIntegerType() && !T->isBooleanType() && !T->isEnumeralType());
}

/// The loop variable and its first value: a declaration in the init, or an
/// assignment to a local declared before the loop.
bool matchInit(const ForStmt *For, LoopForm &Form, LoopFormMismatch &Mismatch) {
  const Stmt *Init = For->getInit();
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
    const auto *Var =
        DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!Var) {
      Mismatch = {DS->getBeginLoc(),
                  "the loop must declare exactly one loop variable"};
      return false;
    }
    if (!Var->getInit()) {
      Mismatch = {DS->getBeginLoc(), "the loop variable must be initialized"};
      return false;
    }
    Form.Var = Var;
    Form.Begin = Var->getInit();
    return true;
  }
  const auto *E = dyn_cast_or_null<Expr>(Init);
  BinaryParts Assign = E ? decomposeBinary(E) : BinaryParts{};
  const VarDecl *Var =
      Assign.Op == BO_Assign ? namedVariable(Assign.LHS) : nullptr;
  if (!Var) {
    Mismatch = {Init ? Init->getBeginLoc() : For->getBeginLoc(),
                "the loop must declare one loop variable ('int i = begin') "
                "or assign one ('i = begin')"};
    return false;
  }
  if (!Var->hasLocalStorage() || isa<ParmVarDecl>(Var) ||
      Var->getType()->isReferenceType()) {
    Mismatch = {Assign.LHS->getBeginLoc(),
                "the loop variable '" + Var->getNameAsString() +
                    "' must be a local variable of the kernel"};
    return false;
  }
  Form.Var = Var;
  Form.Begin = Assign.RHS;
  Form.Assigned = true;
  return true;
}

} // namespace

bool matchCanonicalLoop(const ForStmt *For, LoopForm &Form,
                        LoopFormMismatch &Mismatch) {
  if (!matchInit(For, Form, Mismatch))
    return false;
  const VarDecl *Var = Form.Var;
  const std::string Name = Var->getNameAsString();
  if (!isIntegerVariableType(Var->getType())) {
    Mismatch = {Var->getLocation(),
                "the loop variable '" + Name + "' must have an integer type"};
    return false;
  }
  const Expr *Cond = For->getCond();
  BinaryParts Compare = Cond ? decomposeBinary(Cond) : BinaryParts{};
  if (!Compare.Op ||
      (*Compare.Op != BO_LT && *Compare.Op != BO_LE && *Compare.Op != BO_GT &&
       *Compare.Op != BO_GE) ||
      !refersTo(Compare.LHS, Var)) {
    Mismatch = {Cond ? Cond->getBeginLoc() : For->getBeginLoc(),
                "the condition must be '" + Name + " < end' or '" + Name +
                    " <= end' (counting up), '" + Name + " > end' or '" +
                    Name + " >= end' (counting down)"};
    return false;
  }
  const bool Descending = *Compare.Op == BO_GT || *Compare.Op == BO_GE;
  const Expr *Inc = For->getInc();
  std::optional<Increment> Step = Inc ? incrementOf(Inc, Var) : std::nullopt;
  if (!Step || (Step->Sign < 0) != Descending) {
    Mismatch = {Inc ? Inc->getBeginLoc() : For->getBeginLoc(),
                Descending
                    ? "a loop counting down to its end must step with '--" +
                          Name + "', '" + Name + "--' or '" + Name + " -= c'"
                    : "a loop counting up to its end must step with '++" +
                          Name + "', '" + Name + "++' or '" + Name + " += c'"};
    return false;
  }
  const Expr *StepExpr = Step->Step;
  if (StepExpr && !StepExpr->isValueDependent()) {
    if (!StepExpr->getType()->isIntegerType() ||
        StepExpr->getType()->isBooleanType()) {
      Mismatch = {StepExpr->getBeginLoc(),
                  "the step of '" + Name + "' must be an integer"};
      return false;
    }
    if (std::optional<llvm::APSInt> Value =
            StepExpr->getIntegerConstantExpr(Var->getASTContext())) {
      if (Value->isZero() || Value->isNegative()) {
        Mismatch = {StepExpr->getBeginLoc(),
                    "the step of '" + Name + "' must be positive"};
        return false;
      }
      // A step of 1 is the plain form, with the plain generated code.
      if (*Value == 1)
        StepExpr = nullptr;
    }
  }
  Form.End = Compare.RHS;
  Form.Inclusive = *Compare.Op == BO_LE || *Compare.Op == BO_GE;
  Form.Descending = Descending;
  Form.Step = StepExpr;
  Form.Body = For->getBody();
  Form.For = For;
  return true;
}

std::optional<std::uint64_t> constantTripCount(const Stmt *Loop) {
  const auto *For = dyn_cast<ForStmt>(Loop);
  LoopForm Form;
  LoopFormMismatch Mismatch;
  if (!For || !matchCanonicalLoop(For, Form, Mismatch) || Form.Assigned)
    return std::nullopt;
  const ASTContext &Ctx = Form.Var->getASTContext();
  auto Constant = [&](const Expr *E) -> std::optional<llvm::APSInt> {
    if (!E || E->isValueDependent() || E->isTypeDependent())
      return std::nullopt;
    Expr::EvalResult Result;
    if (!E->EvaluateAsInt(Result, Ctx))
      return std::nullopt;
    return Result.Val.getInt();
  };
  std::optional<llvm::APSInt> Begin = Constant(Form.Begin);
  std::optional<llvm::APSInt> End = Constant(Form.End);
  std::optional<llvm::APSInt> Step =
      Form.Step ? Constant(Form.Step) : llvm::APSInt::get(1);
  if (!Begin || !End || !Step || Step->isNonPositive() ||
      !Begin->isRepresentableByInt64() || !End->isRepresentableByInt64() ||
      !Step->isRepresentableByInt64())
    return std::nullopt;
  // The body must not move the variable itself.
  MayWriteOptions Writes;
  Writes.UnresolvedCallsWrite = true;
  if (findMayWrite(
          Form.Body,
          [&](const VarDecl *Var) { return Var == Form.Var; }, Writes))
    return std::nullopt;
  const __int128 B = Begin->getExtValue(), E = End->getExtValue(),
                 C = Step->getExtValue();
  const __int128 Span =
      (Form.Descending ? B - E : E - B) + (Form.Inclusive ? 1 : 0);
  if (Span <= 0)
    return 0;
  return static_cast<std::uint64_t>((Span + C - 1) / C);
}

} // namespace qd
