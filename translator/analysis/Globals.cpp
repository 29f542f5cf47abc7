//===- Globals.cpp --------------------------------------------------------===//
#include "Globals.h"
#include "CaptureAnalysis.h"
#include "DiagnosticIds.h"
#include "KernelAnalyzer.h"
#include "MayWrite.h"

using namespace clang;

namespace qd {

GlobalUse classifyGlobal(const VarDecl *Var, const ASTContext &Context) {
  if (!Var || !Var->hasGlobalStorage() || Var->isStaticLocal() ||
      Var->isLocalVarDecl())
    return GlobalUse::NotGlobal;
  QualType T = Var->getType();
  if (T->isReferenceType())
    T = T.getNonReferenceType();
  // nvcc reads a constexpr scalar's value in device code without flags; any
  // other constant it would need in device memory.
  if (!T->isDependentType() && T->isScalarType() &&
      !T->isSpecificBuiltinType(BuiltinType::LongDouble) &&
      (Var->isConstexpr() || (T.isConstQualified() && T->isIntegralOrEnumerationType() &&
                              Var->isUsableInConstantExpressions(Context))))
    return GlobalUse::Direct;
  if (T->isArrayType() && !Context.getBaseElementType(T).isConstQualified())
    return GlobalUse::HostArray;
  return GlobalUse::ByValue;
}

// The analyzer's part: a kernel's device code reads globals as captures.

bool Analyzer::passGlobals(const Stmt *Code) {
  bool Ok = true;
  llvm::SmallPtrSet<const VarDecl *, 4> Seen;
  findReferenceTo(Code, [&](const VarDecl *Var) {
    GlobalUse Use = classifyGlobal(Var, Context);
    if (Use == GlobalUse::NotGlobal || Use == GlobalUse::Direct ||
        !Seen.insert(Var).second)
      return false;
    if (std::optional<VariableWrite> Write = findMayWrite(
            Code, [&](const VarDecl *V) { return V == Var; })) {
      report(Diags, Write->At->getExprLoc(), Diag::GlobalWrittenOnDevice)
          << Var->getName() << static_cast<unsigned>(Write->Kind);
      Ok = false;
      return false;
    }
    if (Use == GlobalUse::HostArray) {
      const DeclRefExpr *Ref = findReferenceTo(
          Code, [&](const VarDecl *V) { return V == Var; });
      report(Diags, Ref->getLocation(), Diag::GlobalArrayOnDevice)
          << Var->getName();
      Ok = false;
      return false;
    }
    Values.add(Var);
    return false;
  });
  return Ok;
}

} // namespace qd
