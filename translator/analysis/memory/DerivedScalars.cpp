// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DerivedScalars.cpp - Locals computed from reductions' results ------===//
//
// SPEC section 1, "Real programs": serial code names what it computes from
// a reduction's result,
//
//   float pap = 0.f;
//   #pragma qd loop reduction(+: pap)
//   for (...) pap += p[i] * ap[i];
//   float alpha = rr / pap;                 // a derived scalar
//   for (...) x[i] += alpha * p[i];
//
// The result lives on the device, so the host cannot evaluate the
// initializer without waiting for the GPU. Such a declaration instead
// becomes a device scalar of its own: one GPU thread evaluates the
// initializer from the results' slots and stores it in a slot of the
// call's scratch, in order on the stream (and as a node in graph mode).
// From there on the local is read and set like a reduction's result.
//
//===----------------------------------------------------------------------===//
#include "analysis/KernelAnalyzer.h"
#include "analysis/loops/AccessAnalysis.h"
#include "diagnostics/DiagnosticIds.h"
#include <functional>

using namespace clang;

namespace qd {

namespace {

/// What a slot holds: a number or a pointer, at most 16 bytes.
bool slotHolds(QualType T, const ASTContext &Context) {
  return !T->isReferenceType() &&
         (T->isArithmeticType() || T->isPointerType()) &&
         Context.getTypeSizeInChars(T).getQuantity() <= 16;
}

/// Calls \p Visit with each declaration of the pattern's local \p Var in
/// the specializations of the function template \p Pattern describes that
/// this file instantiates: they declare it at the pattern's location.
void forEachInstance(const FunctionDecl *Pattern, const VarDecl *Var,
                     llvm::function_ref<void(const VarDecl *)> Visit) {
  const FunctionTemplateDecl *Template =
      Pattern ? Pattern->getDescribedFunctionTemplate() : nullptr;
  if (!Template)
    return;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *Instance = dyn_cast<VarDecl>(D);
            Instance && Instance->getLocation() == Var->getLocation())
          Visit(Instance);
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  for (const FunctionDecl *Specialization : Template->specializations())
    Walk(Specialization->getBody());
}

} // namespace

bool Analyzer::fitsDeviceScalar(const VarDecl *Var) const {
  const QualType T = Var->getType();
  if (!T->isDependentType())
    return slotHolds(T, Context);
  // A template's 'T' local: the generated functions are templates too and
  // spell the slot's type with the parameter. Each instantiation this file
  // makes must fit; the slot's static_assert checks the others.
  if (T->isReferenceType() || T->getContainedAutoType())
    return false;
  bool Fits = true;
  forEachInstance(Plan->Function, Var, [&](const VarDecl *Instance) {
    Fits &= slotHolds(Instance->getType(), Context);
  });
  return Fits;
}

bool Analyzer::computedFromDeviceScalars(const Expr *Value) const {
  // Device memory makes it a serial task's, host values alone the host's.
  return !findDeviceDataUse(Value, Values) && !isHostExpr(Value);
}

void Analyzer::makeDerivedScalar(const VarDecl *Var, SourceLocation Where) {
  UninitializedLocals.remove(Var);
  DeviceScalars[Var] =
      DeviceScalar{Where, Plan->ScratchSlots++, /*Derived=*/true};
}

bool Analyzer::analyzeDerivedScalar(const DeclStmt *DS,
                                    std::vector<Step> &Out) {
  if (DeviceScalars.empty() || !DS->isSingleDecl())
    return false;
  const auto *Var = dyn_cast<VarDecl>(DS->getSingleDecl());
  if (!Var || Var->isStaticLocal() || !Var->getInit() ||
      !computedFromDeviceScalars(Var->getInit()))
    return false;
  // The generated functions spell the slot's type, which a dependent
  // 'auto' does not name.
  const QualType Type = Var->getType();
  if (Type->isDependentType() && Type->getContainedAutoType()) {
    report(Diags, Var->getLocation(), Diag::HostScalarDependentAuto)
        << Var->getName() << /*device scalar=*/1;
    return true;
  }
  if (!fitsDeviceScalar(Var))
    return false;

  passGlobals(DS);
  checkHostValueWrites(DS, {Var});
  makeDerivedScalar(Var, Var->getLocation());
  Values.add(Var);
  Step Set = deviceScalarTask(DS, Var);
  Set.Declares = true;
  Out.push_back(std::move(Set));
  return true;
}

} // namespace qd
