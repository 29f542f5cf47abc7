//===- LoopForm.cpp -------------------------------------------------------===//
#include "LoopForm.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace qd {
namespace {

bool refersTo(const Expr *E, const VarDecl *Var) {
  if (!E)
    return false;
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return Ref && Ref->getDecl() == Var;
}

bool isIntegerOne(const Expr *E) {
  const auto *Lit = dyn_cast<IntegerLiteral>(E->IgnoreParenImpCasts());
  return Lit && Lit->getValue() == 1;
}

/// The operator and operands of a binary expression, whether clang built a
/// BinaryOperator or, for dependent or class operands, an operator call.
struct BinaryParts {
  std::optional<BinaryOperatorKind> Op;
  const Expr *LHS = nullptr;
  const Expr *RHS = nullptr;
};

BinaryParts decomposeBinary(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return {BO->getOpcode(), BO->getLHS(), BO->getRHS()};
  if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Call->getNumArgs() != 2)
      return {};
    BinaryOperatorKind Op;
    switch (Call->getOperator()) {
    case OO_Less:
      Op = BO_LT;
      break;
    case OO_LessEqual:
      Op = BO_LE;
      break;
    case OO_PlusEqual:
      Op = BO_AddAssign;
      break;
    default:
      return {};
    }
    return {Op, Call->getArg(0), Call->getArg(1)};
  }
  return {};
}

bool isIncrementOf(const Expr *Inc, const VarDecl *Var) {
  Inc = Inc->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc))
    return UO->isIncrementOp() && refersTo(UO->getSubExpr(), Var);
  if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(Inc))
    if (Call->getOperator() == OO_PlusPlus && Call->getNumArgs() >= 1)
      return refersTo(Call->getArg(0), Var);
  BinaryParts Parts = decomposeBinary(Inc);
  return Parts.Op == BO_AddAssign && refersTo(Parts.LHS, Var) &&
         isIntegerOne(Parts.RHS);
}

} // namespace

bool matchCanonicalLoop(const ForStmt *For, LoopForm &Form,
                        LoopFormMismatch &Mismatch) {
  const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  if (!Init || !Init->isSingleDecl()) {
    Mismatch = {For->getInit() ? For->getInit()->getBeginLoc()
                               : For->getBeginLoc(),
                "the loop must declare exactly one loop variable"};
    return false;
  }
  const auto *Var = dyn_cast<VarDecl>(Init->getSingleDecl());
  if (!Var || !Var->getInit()) {
    Mismatch = {Init->getBeginLoc(),
                "the loop variable must be initialized"};
    return false;
  }
  QualType T = Var->getType();
  if (!T->isDependentType() &&
      (!T->isIntegerType() || T->isBooleanType() || T->isEnumeralType())) {
    Mismatch = {Var->getLocation(), "the loop variable '" +
                                        Var->getNameAsString() +
                                        "' must have an integer type"};
    return false;
  }
  const Expr *Cond = For->getCond();
  BinaryParts Compare = Cond ? decomposeBinary(Cond) : BinaryParts{};
  if (!Compare.Op || (*Compare.Op != BO_LT && *Compare.Op != BO_LE) ||
      !refersTo(Compare.LHS, Var)) {
    Mismatch = {Cond ? Cond->getBeginLoc() : For->getBeginLoc(),
                "the condition must be '" + Var->getNameAsString() +
                    " < end' or '" + Var->getNameAsString() + " <= end'"};
    return false;
  }
  const Expr *Inc = For->getInc();
  if (!Inc || !isIncrementOf(Inc, Var)) {
    Mismatch = {Inc ? Inc->getBeginLoc() : For->getBeginLoc(),
                "the increment must be '++" + Var->getNameAsString() +
                    "', '" + Var->getNameAsString() + "++' or '" +
                    Var->getNameAsString() + " += 1'"};
    return false;
  }
  Form.Var = Var;
  Form.Begin = Var->getInit();
  Form.End = Compare.RHS;
  Form.Inclusive = *Compare.Op == BO_LE;
  Form.Body = For->getBody();
  Form.For = For;
  return true;
}

} // namespace qd
