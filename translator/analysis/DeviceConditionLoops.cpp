//===- DeviceConditionLoops.cpp - Loops until the GPU says stop -----------===//
//
// SPEC section 1, "Loops whose condition the GPU computes": a solver
// iterates until a residual, a reduction's result, is small enough:
//
//   float res = 1e30f;
//   #pragma qd loop seq
//   while (res > tol && it < max_it) {
//     res = 0.f;                                  // reset: DeviceScalarSet
//     #pragma qd loop reduction(max: res)
//     for (...) res = fmax(res, ...);
//     ++it;                                       // a host statement
//   }
//
// A 'loop seq' whose body reduces into a kernel local declared before it
// makes that local a device scalar at the loop (DeviceScalarInit: its slot
// gets the host value), so that every iteration, and the code after the
// loop, sees the value the serial program would. A condition that reads
// such a scalar is read back by the host before each evaluation (stream
// mode); graph mode runs such kernels in stream mode for now.
//
//===----------------------------------------------------------------------===//
#include "KernelAnalyzer.h"
#include "AccessAnalysis.h"
#include "CaptureAnalysis.h"
#include "DiagnosticIds.h"

using namespace clang;

namespace qd {

namespace {

/// Whether \p S declares a variable named \p Name that starts before \p Loc.
bool declaresBefore(const Stmt *S, llvm::StringRef Name, SourceLocation Loc,
                    const SourceManager &SM) {
  if (!S)
    return false;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *Var = dyn_cast<VarDecl>(D))
        if (Var->getName() == Name &&
            SM.isBeforeInTranslationUnit(Var->getLocation(), Loc))
          return true;
  for (const Stmt *Child : S->children())
    if (declaresBefore(Child, Name, Loc, SM))
      return true;
  return false;
}

} // namespace

void Analyzer::promoteLoopReductions(const Stmt *Loop, const Stmt *Body,
                                     std::vector<Step> &Out) {
  Step Init;
  Init.Kind = StepKind::DeviceScalarInit;
  Init.S = Loop;
  for (const Directive &D : Directives.all()) {
    if (D.Consumed || D.Kind != DirectiveKind::Loop || D.Reductions.empty() ||
        !within(D.Loc, Body->getSourceRange()))
      continue;
    for (const ReductionItem &Item : D.Reductions) {
      // A local of the body with that name is the one the clause means.
      if (declaresBefore(Body, Item.Name, D.Loc, SM))
        continue;
      const VarDecl *Var = nullptr;
      for (auto Level = Levels.rbegin(); Level != Levels.rend() && !Var;
           ++Level)
        Var = Level->lookup(Item.Name);
      // Parameters and unknown names are the clause's own errors.
      if (!Var || !Values.contains(Var) || isa<ParmVarDecl>(Var) ||
          !Var->getType()->isScalarType() || PromotedScalars.count(Var))
        continue;
      PromotedScalars.insert(Var);
      auto [Scalar, New] = DeviceScalars.try_emplace(
          Var, DeviceScalar{Item.NameLoc, Plan->ScratchSlots});
      if (!New)
        continue; // a device scalar already: its slot holds its value
      ++Plan->ScratchSlots;
      Capture C;
      C.Var = Var;
      C.DeviceScalar = true;
      C.Slot = Scalar->second.Slot;
      Init.Captures.push_back(C);
    }
  }
  if (!Init.Captures.empty())
    Out.push_back(std::move(Init));
}

std::vector<Capture> Analyzer::conditionScalars(const Expr *Cond) const {
  std::vector<Capture> Scalars;
  if (!Cond || findDeviceDataUse(Cond, Values))
    return Scalars;
  for (const auto &[Var, Scalar] : DeviceScalars) {
    if (!findReferenceTo(Cond, [&, V = Var](const VarDecl *Other) {
          return Other == V;
        }))
      continue;
    Capture C;
    C.Var = Var;
    C.DeviceScalar = true;
    C.Slot = Scalar.Slot;
    Scalars.push_back(C);
  }
  // In slot order, so that the output does not depend on hashing.
  llvm::sort(Scalars, [](const Capture &A, const Capture &B) {
    return A.Slot < B.Slot;
  });
  return Scalars;
}

bool Analyzer::analyzeDeviceScalarSet(const Stmt *S,
                                      std::vector<Step> &Out) {
  const auto *Assign = dyn_cast<BinaryOperator>(S);
  if (!Assign || Assign->getOpcode() != BO_Assign)
    return false;
  const auto *Target =
      dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts());
  const auto *Var = Target ? dyn_cast<VarDecl>(Target->getDecl()) : nullptr;
  if (!Var || !DeviceScalars.count(Var) || !isHostExpr(Assign->getRHS()))
    return false;
  checkPrivatizedReads(Assign->getRHS());
  Step Set;
  Set.Kind = StepKind::DeviceScalarSet;
  Set.S = S;
  Capture C;
  C.Var = Var;
  C.DeviceScalar = true;
  C.Slot = DeviceScalars.lookup(Var).Slot;
  Set.Captures.push_back(C);
  Out.push_back(std::move(Set));
  return true;
}

} // namespace qd
