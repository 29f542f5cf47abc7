// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CaptureAnalysis.cpp ------------------------------------------------===//
#include "analysis/memory/CaptureAnalysis.h"
#include "analysis/loops/AccessAnalysis.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <algorithm>

using namespace clang;

namespace qd {
namespace {

/// Calls \p Fn on every DeclRefExpr under a statement, lambda bodies
/// included, since a lambda in a loop body runs on the device too.
template <class Callback>
class DeclRefWalker : public RecursiveASTVisitor<DeclRefWalker<Callback>> {
public:
  explicit DeclRefWalker(Callback Fn) : Fn(Fn) {}
  bool VisitDeclRefExpr(DeclRefExpr *Ref) { return Fn(Ref); }

private:
  Callback Fn;
};

template <class Callback> void forEachDeclRef(const Stmt *S, Callback Fn) {
  DeclRefWalker<Callback> Walker(Fn);
  Walker.TraverseStmt(const_cast<Stmt *>(S));
}

bool isPointerLike(const Expr *E) {
  QualType T = E->getType();
  return !T.isNull() && (T->isPointerType() || T->isArrayType());
}

/// Whether a value of type \p T holds no address: numbers, and arrays and
/// classes of them ('std::array<int, 2>', a struct of bounds). An operator
/// or function given such a value can only read the host's copy of it.
bool holdsNoAddress(QualType T, unsigned Depth = 0) {
  if (T.isNull() || T->isDependentType() || Depth > 16)
    return false;
  T = T.getCanonicalType();
  if (const ArrayType *Array = T->getAsArrayTypeUnsafe())
    return holdsNoAddress(Array->getElementType(), Depth + 1);
  if (T->isArithmeticType() || T->isEnumeralType())
    return true;
  const auto *Record = T->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition() || Record->isUnion() ||
      Record->isPolymorphic())
    return false;
  Record = Record->getDefinition();
  for (const CXXBaseSpecifier &Base : Record->bases())
    if (!holdsNoAddress(Base.getType(), Depth + 1))
      return false;
  for (const FieldDecl *Field : Record->fields())
    if (!holdsNoAddress(Field->getType(), Depth + 1))
      return false;
  return true;
}

/// Whether \p Arg, given to a host function, may lead it to device data: a
/// pointer may point there; an array that is a host value's own ('r.lo',
/// with 'r' a struct parameter) is in host memory.
bool mayLeadToDeviceData(const Expr *Arg, const HostValues &Values) {
  if (!isPointerLike(Arg))
    return false;
  const Expr *Bare = Arg->IgnoreParenImpCasts();
  return !Bare->getType()->isArrayType() || findDeviceDataUse(Bare, Values);
}

} // namespace

bool checkBoundsOnHost(const LoopForm &Form, const HostValues &Values,
                       ASTContext &Context) {
  bool Ok = true;
  const Expr *Bounds[] = {Form.Begin, Form.End, Form.Step};
  for (unsigned Which = 0; Which < 3; ++Which) {
    if (const Expr *Use = findDeviceDataUse(Bounds[Which], Values)) {
      report(Context.getDiagnostics(), Use->getBeginLoc(),
             Diag::LoopBoundUsesDeviceData)
          << Which << sourceText(Use, Context);
      Ok = false;
    }
  }
  return Ok;
}

const VarDecl *namedVariable(const Expr *E) {
  const auto *Ref = E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

std::vector<Capture> collectCaptures(const Stmt *S, const HostValues &Values,
                                     const VarDecl *Exclude) {
  std::vector<Capture> Captures;
  llvm::SmallPtrSet<const VarDecl *, 8> Seen;
  forEachDeclRef(S, [&](DeclRefExpr *Ref) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (Var && Var != Exclude && Values.contains(Var) &&
        Seen.insert(Var).second)
      Captures.push_back({Var});
    return true;
  });
  std::sort(Captures.begin(), Captures.end(),
            [&](const Capture &A, const Capture &B) {
              return Values.position(A.Var) < Values.position(B.Var);
            });
  return Captures;
}

const Expr *findDeviceDataUse(const Expr *E, const HostValues &Values) {
  if (!E)
    return nullptr;
  E = E->IgnoreImplicit();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_Deref)
      return E;
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
    // An element of an array member of a host value ('r.lim[0]', with 'r'
    // a struct parameter) is in the host's copy; through a pointer it is
    // device data.
    const Expr *Base = Sub->getBase()->IgnoreParenImpCasts();
    if (!Base->getType()->isArrayType())
      return E;
    if (const Expr *Use = findDeviceDataUse(Base, Values))
      return Use;
    return findDeviceDataUse(Sub->getIdx(), Values);
  }
  if (isa<CXXThisExpr, LambdaExpr>(E))
    return E;
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    if (Member->isArrow())
      return E;
  if (const auto *Member = dyn_cast<CXXDependentScopeMemberExpr>(E))
    if (Member->isArrow())
      return E;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    // 'r.range[0]' on a 'std::array' member of a struct parameter reads
    // the host's copy; a class that holds an address may follow it.
    OverloadedOperatorKind K = Op->getOperator();
    if ((K == OO_Subscript || K == OO_Arrow ||
         (K == OO_Star && Op->getNumArgs() == 1)) &&
        !holdsNoAddress(Op->getArg(0)->getType()))
      return E;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // The callee runs on the host and may dereference what it is given.
    for (const Expr *Arg : Call->arguments())
      if (mayLeadToDeviceData(Arg, Values))
        return Call;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (Var && !Values.contains(Var) && !Var->hasGlobalStorage())
      return E;
    return nullptr;
  }
  for (const Stmt *Child : E->children())
    if (const auto *ChildExpr = dyn_cast_or_null<Expr>(Child))
      if (const Expr *Use = findDeviceDataUse(ChildExpr, Values))
        return Use;
  return nullptr;
}

const DeclRefExpr *
findReferenceTo(const Stmt *S,
                const llvm::SmallPtrSetImpl<const VarDecl *> &Vars) {
  return findReferenceTo(
      S, [&](const VarDecl *Var) { return Vars.count(Var) != 0; });
}

llvm::SmallSetVector<const VarDecl *, 8> referencedVariables(const Stmt *S) {
  llvm::SmallSetVector<const VarDecl *, 8> Vars;
  forEachDeclRef(S, [&](DeclRefExpr *Ref) {
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      Vars.insert(Var);
    return true;
  });
  return Vars;
}

std::vector<const DeclRefExpr *>
referencesTo(const Stmt *S,
             llvm::function_ref<bool(const VarDecl *)> IsTarget) {
  std::vector<const DeclRefExpr *> Found;
  forEachDeclRef(S, [&](DeclRefExpr *Ref) {
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()); Var && IsTarget(Var))
      Found.push_back(Ref);
    return true;
  });
  return Found;
}

const DeclRefExpr *
findReferenceTo(const Stmt *S,
                llvm::function_ref<bool(const VarDecl *)> IsTarget) {
  const DeclRefExpr *Found = nullptr;
  forEachDeclRef(S, [&](DeclRefExpr *Ref) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (Var && IsTarget(Var)) {
      Found = Ref;
      return false;
    }
    return true;
  });
  return Found;
}

} // namespace qd
