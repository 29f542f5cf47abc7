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
#include "KernelAnalyzer.h"
#include "AccessAnalysis.h"

using namespace clang;

namespace qd {

bool Analyzer::fitsDeviceScalar(const VarDecl *Var) const {
  // What a slot holds: a number or a pointer, at most 16 bytes.
  const QualType T = Var->getType();
  return !T->isDependentType() && !T->isReferenceType() &&
         (T->isArithmeticType() || T->isPointerType()) &&
         Context.getTypeSizeInChars(T).getQuantity() <= 16;
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
      !fitsDeviceScalar(Var) || !computedFromDeviceScalars(Var->getInit()))
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
