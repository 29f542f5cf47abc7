// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DataDirectives.cpp -------------------------------------------------===//
#include "analysis/memory/DataDirectives.h"
#include "analysis/KernelAnalyzer.h"
#include "analysis/loops/PrivateLocals.h"
#include "analysis/loops/ReductionAnalysis.h"
#include "analysis/StatementAfter.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace qd {
namespace {

/// The innermost function whose body holds \p Loc, and in it the first
/// statement after \p Loc.
class DirectiveContext : public RecursiveASTVisitor<DirectiveContext> {
public:
  DirectiveContext(const SourceManager &SM, SourceLocation Loc)
      : SM(SM), Loc(Loc) {}
  const FunctionDecl *Function = nullptr;

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || !FD->getBody())
      return true;
    SourceRange R = FD->getBody()->getSourceRange();
    if (before(SM.getExpansionLoc(R.getBegin()), Loc) &&
        before(Loc, SM.getExpansionLoc(R.getEnd())))
      Function = FD; // Visited outer to inner: the last match is innermost.
    return true;
  }

  /// The statement of \p Body that the directive marks.
  const Stmt *nextStatement(const Stmt *Body) const {
    return statementAfter(Body, Loc, SM);
  }

private:
  const SourceManager &SM;
  SourceLocation Loc;
  bool before(SourceLocation A, SourceLocation B) const {
    return SM.isBeforeInTranslationUnit(A, B);
  }
};

/// Whether the scope of \p V, a local of a function body, holds \p At: the
/// innermost statement that opens a scope around its declaration ('{ }', a
/// 'for' with its init, an 'if' or 'switch' with theirs, a handler), or the
/// body of the lambda whose parameter it is.
bool inScopeAt(const VarDecl *V, SourceLocation At, ASTContext &Context) {
  const SourceManager &SM = Context.getSourceManager();
  auto Holds = [&](SourceRange R) {
    return !SM.isBeforeInTranslationUnit(At, SM.getExpansionLoc(R.getBegin())) &&
           SM.isBeforeInTranslationUnit(At, SM.getExpansionLoc(R.getEnd()));
  };
  if (isa<ParmVarDecl>(V)) {
    const auto *Owner = dyn_cast<FunctionDecl>(V->getDeclContext());
    return Owner && Owner->getBody() && Holds(Owner->getBody()->getSourceRange());
  }
  for (DynTypedNodeList Parents = Context.getParents(*V); !Parents.empty();
       Parents = Context.getParents(Parents[0])) {
    const auto *S = Parents[0].get<Stmt>();
    if (S && isa<CompoundStmt, ForStmt, CXXForRangeStmt, IfStmt, WhileStmt,
                 SwitchStmt, CXXCatchStmt>(S))
      return Holds(S->getSourceRange());
    if (Parents[0].get<Decl>() && !Parents[0].get<VarDecl>())
      return true; // Not a local (a member of a local class): its own rules.
  }
  return true;
}

/// The variable or data member \p Name means at \p At in \p Function: its
/// parameters and the locals in scope there (the latest declared wins), a
/// member function's data members, then the enclosing classes' and
/// namespaces' variables.
const ValueDecl *lookupVariable(StringRef Name, SourceLocation At,
                                const FunctionDecl *Function,
                                ASTContext &Context) {
  const SourceManager &SM = Context.getSourceManager();
  const VarDecl *Found = nullptr;
  for (const ParmVarDecl *P : Function->parameters())
    if (P->getName() == Name)
      Found = P;
  struct Locals : RecursiveASTVisitor<Locals> {
    StringRef Name;
    SourceLocation At;
    ASTContext &Context;
    const VarDecl *&Found;
    Locals(StringRef Name, SourceLocation At, ASTContext &Context,
           const VarDecl *&Found)
        : Name(Name), At(At), Context(Context), Found(Found) {}
    bool VisitVarDecl(VarDecl *V) {
      const SourceManager &SM = Context.getSourceManager();
      if (V->getName() == Name &&
          SM.isBeforeInTranslationUnit(SM.getExpansionLoc(V->getLocation()),
                                       At) &&
          inScopeAt(V, At, Context))
        Found = V;
      return true;
    }
  } Finder(Name, At, Context, Found);
  Finder.TraverseStmt(Function->getBody());
  if (Found)
    return Found;
  IdentifierInfo &Id = Context.Idents.get(Name);
  for (const DeclContext *DC = Function->getDeclContext(); DC;
       DC = DC->getParent()) {
    if (!DC->isFileContext() && !DC->isRecord())
      continue;
    if (const auto *Record = dyn_cast<CXXRecordDecl>(DC)) {
      // Fields of the class and of its bases; a static member below.
      const FieldDecl *Field = nullptr;
      auto FindField = [&](const CXXRecordDecl *R) {
        for (const FieldDecl *F : R->fields())
          if (F->getName() == Name)
            Field = F;
        return !Field;
      };
      if (Record->hasDefinition() && FindField(Record))
        Record->forallBases(FindField);
      if (Field)
        return Field;
    }
    for (const NamedDecl *D : DC->lookup(&Id))
      if (const auto *Var = dyn_cast<VarDecl>(D))
        return Var;
  }
  return nullptr;
}

} // namespace

bool checkDataItems(const Directive &D, const FunctionDecl *Function,
                    ASTContext &Context, bool InKernel) {
  DiagnosticsEngine &Diags = Context.getDiagnostics();
  const SourceLocation At =
      Context.getSourceManager().getExpansionLoc(D.Loc);
  bool Ok = true;
  for (const DataItem &Item : D.DataItems) {
    if (!Item.Simple)
      continue; // An expression: the compiler checks it where it stands.
    const ValueDecl *Var = lookupVariable(Item.Name, At, Function, Context);
    if (!Var) {
      report(Diags, Item.NameLoc, Diag::DataVariableUnknown) << Item.Name;
      Ok = false;
      continue;
    }
    QualType T = Var->getType().getNonReferenceType();
    if (T->isDependentType())
      continue; // The compiler checks each instantiation.
    if (Item.HasSection && T->isScalarType() && !T->isPointerType()) {
      // A class may have an operator[] that a section can use.
      report(Diags, Item.NameLoc, Diag::DataSectionOfScalar)
          << Item.Name << T.getUnqualifiedType();
      Ok = false;
      continue;
    }
    if (InKernel && !Item.HasSection && isa<ParmVarDecl>(Var) &&
        !Var->getType()->isReferenceType() && !T->isPointerType()) {
      report(Diags, Item.NameLoc, Diag::DataUpdateOfValueParameter)
          << Item.Name;
      Ok = false;
      continue;
    }
    if (T->isPointerType()) {
      if (!Item.HasSection) {
        report(Diags, Item.NameLoc, Diag::DataPointerWithoutSection)
            << Item.Name;
        Ok = false;
      }
    } else if (T->isIncompleteArrayType()) {
      if (!Item.HasSection) {
        report(Diags, Item.NameLoc, Diag::DataSectionOfArrayOfUnknownBound)
            << Item.Name;
        Ok = false;
      }
    }
  }
  return Ok;
}

std::vector<HostDataDirective>
analyzeHostDataDirectives(ASTContext &Context, DirectiveList &Directives) {
  DiagnosticsEngine &Diags = Context.getDiagnostics();
  const SourceManager &SM = Context.getSourceManager();
  std::vector<HostDataDirective> Out;
  for (Directive &D : Directives.all()) {
    if (D.Consumed || !isDataDirective(D.Kind) ||
        !SM.isInMainFile(SM.getExpansionLoc(D.Loc)))
      continue;
    D.Consumed = true;
    DirectiveContext Finder(SM, SM.getExpansionLoc(D.Loc));
    Finder.TraverseDecl(Context.getTranslationUnitDecl());
    if (!Finder.Function) {
      report(Diags, D.NameLoc, Diag::DataDirectiveOutsideFunction)
          << directiveName(D.Kind);
      continue;
    }
    HostDataDirective Host;
    Host.D = &D;
    Host.Function = Finder.Function;
    if (D.Kind == DirectiveKind::Data) {
      Host.Region = Finder.nextStatement(Finder.Function->getBody());
      // A declaration's name would end with braces around it.
      if (!Host.Region || isa<DeclStmt>(Host.Region)) {
        report(Diags, D.NameLoc, Diag::DataRegionNotStatement);
        continue;
      }
    }
    if (!checkDataItems(D, Finder.Function, Context, /*InKernel=*/false))
      continue;
    Out.push_back(Host);
  }
  return Out;
}

bool checkUpdateReadsHostValues(
    const Directive &D, const FunctionDecl *Function,
    const DeviceScalarMap &Scalars,
    const llvm::DenseMap<const VarDecl *, const Stmt *> &Privatized,
    ASTContext &Context) {
  const SourceManager &SM = Context.getSourceManager();
  const SourceLocation At = SM.getExpansionLoc(D.Loc);
  bool Ok = true;
  for (const DataItem &Item : D.DataItems) {
    std::vector<std::pair<std::string, SourceLocation>> Names = Item.HostNames;
    if (Item.Simple)
      Names.emplace_back(Item.Name, Item.NameLoc);
    for (const auto &[Name, Loc] : Names) {
      const auto *Var = dyn_cast_or_null<VarDecl>(
          lookupVariable(Name, At, Function, Context));
      if (!Var)
        continue;
      if (Scalars.count(Var)) {
        reportDeviceScalarReadOnHost(Loc, Var, /*What=*/3, Scalars, Context);
        Ok = false;
      } else if (const Stmt *Where = Privatized.lookup(Var)) {
        reportPrivatizedRead(Context.getDiagnostics(), SM, Loc, Var, Where);
        Ok = false;
      }
    }
  }
  return Ok;
}

void checkNoDataDirectiveInDeviceFunctions(
    llvm::ArrayRef<HostDataDirective> Directives,
    llvm::ArrayRef<const FunctionDecl *> DeviceFunctions, ASTContext &Context) {
  llvm::SmallPtrSet<const Decl *, 16> Device;
  for (const FunctionDecl *FD : DeviceFunctions)
    Device.insert(FD->getCanonicalDecl());
  for (const HostDataDirective &Host : Directives)
    if (Device.count(Host.Function->getCanonicalDecl()))
      report(Context.getDiagnostics(), Host.D->NameLoc,
             Diag::DataDirectiveInDeviceFunction)
          << directiveName(Host.D->Kind) << Host.Function->getName();
}

void Analyzer::analyzeDataDirectiveInKernel(const Directive &D,
                                            std::vector<Step> &Out) {
  if (D.Kind != DirectiveKind::Update) {
    report(Diags, D.NameLoc, Diag::DataDirectiveInKernel)
        << directiveName(D.Kind);
    return;
  }
  if (!checkDataItems(D, Plan->Function, Context, /*InKernel=*/true) ||
      !checkUpdateReadsHostValues(D, Plan->Function, DeviceScalars, Privatized,
                                  Context))
    return;
  Step Update;
  Update.Kind = StepKind::DataUpdate;
  Update.Data = &D;
  Out.push_back(std::move(Update));
}

} // namespace qd
