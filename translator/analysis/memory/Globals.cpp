// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Globals.cpp --------------------------------------------------------===//
#include "analysis/memory/Globals.h"
#include "analysis/KernelAnalyzer.h"
#include "analysis/memory/CaptureAnalysis.h"
#include "analysis/memory/MayWrite.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringMap.h"

using namespace clang;

namespace qd {
namespace {

/// References to variables, each with whether a lambda without a capture
/// default encloses it (within the traversed code).
class GlobalRefFinder : public RecursiveASTVisitor<GlobalRefFinder> {
public:
  struct Ref {
    const DeclRefExpr *E;
    bool InPlainLambda;
  };
  std::vector<Ref> Refs;

  bool TraverseLambdaExpr(LambdaExpr *L) {
    const bool Plain = L->getCaptureDefault() == LCD_None;
    PlainLambdas += Plain;
    bool Result = RecursiveASTVisitor::TraverseLambdaExpr(L);
    PlainLambdas -= Plain;
    return Result;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (isa<VarDecl>(E->getDecl()))
      Refs.push_back({E, PlainLambdas != 0});
    return true;
  }

private:
  unsigned PlainLambdas = 0;
};

} // namespace

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
  // A const array of unknown size cannot be copied at the call either.
  if (T->isArrayType() && (!Context.getBaseElementType(T).isConstQualified() ||
                           T->isIncompleteArrayType()))
    return GlobalUse::HostArray;
  return GlobalUse::ByValue;
}

namespace {

/// A call in \p Code of a function that the translation unit declares but
/// does not define, outside system headers: a host library's call.
const CallExpr *undefinedCall(const Stmt *Code, const SourceManager &SM) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    const CallExpr *Found = nullptr;
    explicit Finder(const SourceManager &SM) : SM(SM) {}
    bool VisitCallExpr(CallExpr *Call) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (Callee && !Callee->isDefined() && !Callee->getBuiltinID() &&
          !Callee->isConstexpr() && !Callee->hasAttr<CUDADeviceAttr>() &&
          !SM.isInSystemHeader(Callee->getLocation()))
        Found = Call;
      return !Found;
    }
  } F(SM);
  F.TraverseStmt(const_cast<Stmt *>(Code));
  return F.Found;
}

} // namespace

// The analyzer's part: a kernel's device code reads globals as captures.

bool Analyzer::passGlobals(const Stmt *Code) {
  bool Ok = true;
  GlobalRefFinder Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(Code));
  llvm::SmallPtrSet<const VarDecl *, 4> Seen;
  for (const GlobalRefFinder::Ref &R : Finder.Refs) {
    const auto *Var = cast<VarDecl>(R.E->getDecl());
    GlobalUse Use = classifyGlobal(Var, Context);
    if (Use == GlobalUse::NotGlobal || Use == GlobalUse::Direct)
      continue;
    if (Seen.insert(Var).second) {
      // A non-const array: device code uses the device copy that a data
      // region makes, or the call raises qd::Error (data.h); its elements
      // are the device copy's to change.
      if (Use == GlobalUse::HostArray)
        Values.add(Var);
      else if (std::optional<VariableWrite> Write = findMayWrite(
              Code, [&](const VarDecl *V) { return V == Var; })) {
        // 'MPI_Send(..., MPI_DOUBLE, ...)' outside '#pragma qd host': the
        // call is the mistake, which findDeviceFunctions reports (it sees
        // every call in the kernel's device code, also of a statement
        // rejected here); the library's handle ('&ompi_mpi_double') is not.
        if (!undefinedCall(Code, SM))
          report(Diags, Write->At->getExprLoc(), Diag::GlobalWrittenOnDevice)
              << Var->getName() << static_cast<unsigned>(Write->Kind);
        Ok = false;
      } else {
        Values.add(Var);
      }
    }
    // A lambda cannot capture a namespace-scope variable by name, so one
    // without a default cannot use the local that replaces it.
    if (R.InPlainLambda && Values.contains(Var)) {
      report(Diags, R.E->getLocation(), Diag::GlobalInLambdaWithoutDefault)
          << Var->getName();
      Ok = false;
    }
  }
  return Ok;
}

void Analyzer::aliasQualifiedGlobals(const FunctionDecl *FD) {
  GlobalRefFinder Finder;
  Finder.TraverseStmt(FD->getBody());
  for (const GlobalRefFinder::Ref &R : Finder.Refs) {
    const auto *Var = cast<VarDecl>(R.E->getDecl());
    const GlobalUse Use = classifyGlobal(Var, Context);
    if (!R.E->hasQualifier() || Use == GlobalUse::NotGlobal ||
        Use == GlobalUse::Direct)
      continue;
    auto It = llvm::find_if(Plan->GlobalAliases, [&](const GlobalAlias &A) {
      return A.Var == Var;
    });
    if (It == Plan->GlobalAliases.end()) {
      Plan->GlobalAliases.push_back({Var, {}});
      It = std::prev(Plan->GlobalAliases.end());
    }
    It->Uses.push_back(R.E);
  }
  // The bare names must mean these variables in the host entries and the
  // device functions alike.
  llvm::StringMap<unsigned> Kinds; // 0 parameter, 1 local
  for (const ParmVarDecl *P : FD->parameters())
    Kinds.try_emplace(P->getName(), 0);
  struct Locals : RecursiveASTVisitor<Locals> {
    llvm::StringMap<unsigned> &Kinds;
    explicit Locals(llvm::StringMap<unsigned> &Kinds) : Kinds(Kinds) {}
    bool VisitVarDecl(VarDecl *V) {
      if (V->getIdentifier())
        Kinds.try_emplace(V->getName(), 1);
      return true;
    }
  } LocalFinder(Kinds);
  LocalFinder.TraverseStmt(FD->getBody());
  for (const GlobalAlias &A : Plan->GlobalAliases) {
    auto Clash = Kinds.find(A.Var->getName());
    if (Clash == Kinds.end()) {
      Kinds.try_emplace(A.Var->getName(), 2);
      continue;
    }
    report(Diags, A.Uses.front()->getLocation(), Diag::QualifiedGlobalNameClash)
        << A.Var->getQualifiedNameAsString() << A.Var->getName()
        << Clash->second << FD->getName();
  }
}

} // namespace qd
