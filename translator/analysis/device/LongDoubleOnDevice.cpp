// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LongDoubleOnDevice.cpp - 'long double' in GPU code ----------------===//
#include "analysis/device/LongDoubleOnDevice.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace qd {

namespace {

bool isLongDouble(QualType T) {
  if (T.isNull() || T->isDependentType())
    return false;
  T = T.getNonReferenceType();
  if (const auto *Complex = T->getAs<ComplexType>())
    T = Complex->getElementType();
  return T->isSpecificBuiltinType(BuiltinType::LongDouble);
}

/// The first expression or declaration of type 'long double' in a
/// statement, in source order.
struct Finder : RecursiveASTVisitor<Finder> {
  SourceLocation Found;
  bool VisitExpr(Expr *E) {
    // A literal's value converts as the compiler folds it ('x * 2.0L' on a
    // double is caught by the operation that has the type).
    if (isa<FloatingLiteral>(E) || !isLongDouble(E->getType()))
      return true;
    Found = E->getExprLoc();
    return false;
  }
  bool VisitDeclaratorDecl(DeclaratorDecl *D) {
    if (!isLongDouble(D->getType()))
      return true;
    Found = D->getLocation();
    return false;
  }
};

SourceLocation findLongDouble(const Stmt *S) {
  Finder F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

/// The statements of \p Plan that run on the device.
void deviceStatements(const KernelPlan &Plan,
                      std::vector<std::pair<const Stmt *, SourceLocation>> &Out) {
  forEachStep(Plan.Steps, [&](const Step &S) {
    for (const Reduction &R : S.Reductions)
      if (isLongDouble(R.Var->getType()))
        Out.push_back({nullptr, R.NameLoc});
    if (!S.S)
      return;
    if (S.Kind == StepKind::ParallelLoop) {
      if (const auto *For = dyn_cast<ForStmt>(S.S))
        Out.push_back({For->getBody(), {}});
    } else if (S.Kind == StepKind::SerialTask ||
               (S.Kind == StepKind::DeviceScalarSet && S.OnDevice)) {
      Out.push_back({S.S, {}});
    }
  });
}

} // namespace

bool checkNoLongDoubleOnDevice(
    const std::vector<KernelPlan> &Plans,
    const std::vector<const FunctionDecl *> &DeviceFunctions,
    ASTContext &Context) {
  bool Ok = true;
  auto Report = [&](SourceLocation At) {
    report(Context.getDiagnostics(), At, Diag::LongDoubleOnDevice);
    Ok = false;
  };
  for (const KernelPlan &Plan : Plans) {
    std::vector<std::pair<const Stmt *, SourceLocation>> Device;
    deviceStatements(Plan, Device);
    for (const auto &[S, At] : Device) {
      const SourceLocation Found = S ? findLongDouble(S) : At;
      if (Found.isValid()) {
        Report(Found); // one per kernel: the first tells what to change
        break;
      }
    }
  }
  for (const FunctionDecl *FD : DeviceFunctions) {
    SourceLocation Found;
    for (const ParmVarDecl *P : FD->parameters())
      if (Found.isInvalid() && isLongDouble(P->getType()))
        Found = P->getLocation();
    if (Found.isInvalid() && isLongDouble(FD->getReturnType()))
      Found = FD->getLocation();
    if (Found.isInvalid() && FD->hasBody())
      Found = findLongDouble(FD->getBody());
    if (Found.isValid())
      Report(Found);
  }
  return Ok;
}

} // namespace qd
