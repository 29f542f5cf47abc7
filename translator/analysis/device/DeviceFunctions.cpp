// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DeviceFunctions.cpp ------------------------------------------------===//
#include "analysis/device/DeviceFunctions.h"
#include "analysis/device/DeviceLibrary.h"
#include "analysis/device/LibraryTwins.h"
#include "analysis/memory/Globals.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace qd {

const CXXRecordDecl *classOf(QualType T) {
  T = T.getNonReferenceType();
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
    return RD;
  if (const auto *Specialization = T->getAs<TemplateSpecializationType>())
    if (const auto *Template = dyn_cast_or_null<ClassTemplateDecl>(
            Specialization->getTemplateName().getAsTemplateDecl()))
      return Template->getTemplatedDecl();
  return nullptr;
}

namespace {

/// The declaration that carries the body, for templates the pattern, so one
/// '__host__ __device__' serves every instantiation.
const FunctionDecl *patternOf(const FunctionDecl *FD) {
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  return FD;
}

class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  CallCollector(ASTContext &Context, const UserFiles &Files,
                llvm::SetVector<const FunctionDecl *> &Worklist,
                const llvm::SmallPtrSetImpl<const FunctionDecl *> &Kernels)
      : Context(Context), SM(Context.getSourceManager()), Files(Files),
        Worklist(Worklist), Kernels(Kernels) {}

  /// The first library function called only because it is constexpr.
  std::string RelaxedConstexprCallee;
  /// Calls that the CUDA output makes to device twins instead.
  std::vector<LibraryRename> Renames;
  /// The function of the user's files being traversed; null in a kernel's
  /// own device code, which receives the globals it reads as arguments.
  const FunctionDecl *Helper = nullptr;

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    GlobalUse Use = Var ? classifyGlobal(Var, Context) : GlobalUse::NotGlobal;
    if (!Helper || Use == GlobalUse::NotGlobal || Use == GlobalUse::Direct ||
        !ReportedGlobals.insert({Helper, Var}).second)
      return true;
    report(Context.getDiagnostics(), Ref->getLocation(),
           Diag::GlobalInDeviceFunction)
        << Var->getName() << Helper->getName();
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    // A call renamed to its device twin needs no other check; instances
    // of one template share the pattern's call.
    if (std::optional<LibraryRename> R = libraryTwin(Call)) {
      RenamedCallees.insert(Call->getCallee()->IgnoreImplicit());
      if (RenamedAt.insert(R->Range.getBegin()).second) {
        R->InHelper = Helper != nullptr;
        Renames.push_back(std::move(*R));
      }
      addCallableArguments(Call);
      return true;
    }
    if (const FunctionDecl *Callee = Call->getDirectCallee()) {
      add(Callee, Call->getBeginLoc());
      if (Files.originOf(SM.getExpansionLoc(Callee->getLocation())) ==
          FileOrigin::SystemHeader)
        addCallableArguments(Call);
    } else if (isa<UnresolvedLookupExpr>(Call->getCallee()->IgnoreImplicit())) {
      addCallableArguments(Call);
    }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *Construct) {
    add(Construct->getConstructor(), Construct->getBeginLoc());
    return true;
  }
  // In a template pattern, a call on dependent arguments is unresolved: every
  // candidate of the main file may end up called.
  bool VisitUnresolvedLookupExpr(UnresolvedLookupExpr *Lookup) {
    if (RenamedCallees.count(Lookup))
      return true;
    for (const NamedDecl *D : Lookup->decls()) {
      D = D->getUnderlyingDecl();
      if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
        add(T->getTemplatedDecl(), Lookup->getBeginLoc(), /*Resolved=*/false);
      else if (const auto *FD = dyn_cast<FunctionDecl>(D))
        add(FD, Lookup->getBeginLoc(), /*Resolved=*/false);
    }
    return true;
  }

  // In a template's pattern, a member call on an object of a dependent type
  // is unresolved: 'm.apply(x)' with 'Mixer m', a type declared in a
  // function-template kernel. Its class is known, so are the candidates.
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *Member) {
    addMembers(Member->getBaseType(), Member->getMember(),
               Member->getMemberLoc());
    return true;
  }
  // 'Impl<P>::run(x)' in a template's pattern: a static member named through
  // a class template whose arguments are dependent. Its candidates are the
  // primary template's members of that name (miniBUDE's
  // 'IMPL_CLS<PPWI>::fasten_main'); an explicit specialization's members are
  // not found here.
  bool VisitDependentScopeDeclRefExpr(DependentScopeDeclRefExpr *Ref) {
    if (const NestedNameSpecifier *Qualifier = Ref->getQualifier())
      if (const Type *Scope = Qualifier->getAsType())
        addMembers(QualType(Scope, 0), Ref->getDeclName(), Ref->getLocation());
    return true;
  }
  bool VisitUnresolvedMemberExpr(UnresolvedMemberExpr *Member) {
    for (const NamedDecl *D : Member->decls()) {
      D = D->getUnderlyingDecl();
      if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
        add(T->getTemplatedDecl(), Member->getMemberLoc(), /*Resolved=*/false);
      else if (const auto *FD = dyn_cast<FunctionDecl>(D))
        add(FD, Member->getMemberLoc(), /*Resolved=*/false);
    }
    return true;
  }

private:
  ASTContext &Context;
  const SourceManager &SM;
  const UserFiles &Files;
  llvm::SetVector<const FunctionDecl *> &Worklist;
  const llvm::SmallPtrSetImpl<const FunctionDecl *> &Kernels;
  llvm::DenseSet<std::pair<const FunctionDecl *, const VarDecl *>>
      ReportedGlobals;
  llvm::SmallPtrSet<const Expr *, 8> RenamedCallees;
  llvm::DenseSet<SourceLocation> RenamedAt;

  /// The header's name as the include that found it spelled its directory.
  std::string fileName(SourceLocation Loc) const {
    return displayPath(SM.getFilename(Loc));
  }

  /// A library function (a twin such as qd::min, std::min_element) calls the
  /// function objects and functions it is given, and compares the objects
  /// with '<', in code that is never traversed here: 'std::min(a, b,
  /// ByAbs{})' runs ByAbs::operator() on the device as surely as a direct
  /// call would. (A '<' of namespace scope is not found here.)
  void addCallableArguments(const CallExpr *Call) {
    for (const Expr *Arg : Call->arguments()) {
      const Expr *E = Arg->IgnoreParenImpCasts();
      if (const auto *AddrOf = dyn_cast<UnaryOperator>(E);
          AddrOf && AddrOf->getOpcode() == UO_AddrOf)
        E = AddrOf->getSubExpr()->IgnoreParenImpCasts();
      if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
        if (const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl())) {
          add(FD, Arg->getBeginLoc());
          continue;
        }
      addOperators(classOf(Arg->getType()), Arg->getBeginLoc());
    }
  }

  void addMembers(QualType Base, DeclarationName Name, SourceLocation Loc) {
    if (Base.isNull())
      return;
    if (const auto *Pointer = Base->getAs<PointerType>())
      Base = Pointer->getPointeeType();
    const CXXRecordDecl *RD = classOf(Base);
    if (!RD || !RD->hasDefinition())
      return;
    for (const NamedDecl *D : RD->getDefinition()->lookup(Name)) {
      D = D->getUnderlyingDecl();
      if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
        add(T->getTemplatedDecl(), Loc, /*Resolved=*/false);
      else if (const auto *Method = dyn_cast<CXXMethodDecl>(D))
        add(Method, Loc, /*Resolved=*/false);
    }
  }

  /// The call and '<' operators of \p RD and its bases.
  void addOperators(const CXXRecordDecl *RD, SourceLocation ArgLoc) {
    if (!RD || !RD->hasDefinition())
      return;
    RD = RD->getDefinition();
    for (OverloadedOperatorKind Op : {OO_Call, OO_Less})
      for (const NamedDecl *D :
           RD->lookup(Context.DeclarationNames.getCXXOperatorName(Op))) {
        if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
          add(T->getTemplatedDecl(), ArgLoc);
        else if (const auto *Method = dyn_cast<CXXMethodDecl>(D))
          add(Method, ArgLoc);
      }
    for (const CXXBaseSpecifier &Base : RD->bases())
      addOperators(classOf(Base.getType()), ArgLoc);
  }

  /// \p Resolved is false for one candidate of an unresolved call, which may
  /// never be the one called.
  void add(const FunctionDecl *Callee, SourceLocation CallLoc,
           bool Resolved = true) {
    if (!Callee || Callee->isImplicit() || Callee->getBuiltinID())
      return;
    // Lambdas defined in device code are device code already.
    if (const auto *Method = dyn_cast<CXXMethodDecl>(Callee)) {
      if (Method->getParent()->isLambda())
        return;
      if (Method->isVirtual()) {
        report(Context.getDiagnostics(), CallLoc, Diag::CalleeVirtual)
            << Method->getQualifiedNameAsString();
        return;
      }
    }
    Callee = patternOf(Callee);
    // A kernel's name stands for its host entry points, which launch work;
    // the device cannot call them.
    if (Kernels.count(Callee->getCanonicalDecl())) {
      if (Resolved)
        report(Context.getDiagnostics(), CallLoc, Diag::CalleeIsKernel)
            << Callee->getQualifiedNameAsString();
      return;
    }
    // Device-capable already, in whatever header: leave it as it is.
    if (isMarkedHostDevice(Callee))
      return;
    SourceLocation DeclLoc = SM.getExpansionLoc(Callee->getLocation());
    switch (Files.originOf(DeclLoc)) {
    case FileOrigin::MainFile:
    case FileOrigin::UserHeader:
      // Marked by text inserted before its first token, in the file.
      if (SourceLocation Start = Callee->getInnerLocStart();
          Start.isMacroID() &&
          !Lexer::isAtStartOfMacroExpansion(Start, SM, Context.getLangOpts())) {
        if (Resolved)
          report(Context.getDiagnostics(), Callee->getLocation(),
                 Diag::DeviceFunctionInMacroExpansion)
              << Callee->getQualifiedNameAsString();
        return;
      }
      break;
    case FileOrigin::SystemHeader:
      if (RelaxedConstexprCallee.empty() && Callee->isConstexpr() &&
          !hasLibraryDeviceVersion(Callee))
        RelaxedConstexprCallee = Callee->getQualifiedNameAsString();
      if (!hasDeviceVersion(Callee) && Resolved)
        report(Context.getDiagnostics(), CallLoc, Diag::CalleeNoDeviceVersion)
            << Callee->getQualifiedNameAsString()
            << fileName(DeclLoc);
      return;
    case FileOrigin::OtherHeader:
      // A header outside the input root that only declares it: no
      // '--in-root' would help.
      if (Resolved && !Callee->isDefined())
        report(Context.getDiagnostics(), CallLoc, Diag::CalleeOnlyDeclared)
            << Callee->getQualifiedNameAsString();
      else if (Resolved)
        report(Context.getDiagnostics(), CallLoc, Diag::CalleeOutsideInRoot)
            << Callee->getQualifiedNameAsString() << fileName(DeclLoc)
            << displayPath(Files.inRoot());
      return;
    }
    if (!Callee->isDefined() && !Callee->isDeleted()) {
      report(Context.getDiagnostics(), CallLoc, Diag::CalleeNotDefined)
          << Callee->getQualifiedNameAsString();
      return;
    }
    Worklist.insert(Callee);
  }
};

} // namespace

std::vector<const FunctionDecl *>
findDeviceFunctions(ASTContext &Context, const UserFiles &Files,
                    const std::vector<KernelPlan> &Plans,
                    std::string *RelaxedConstexprCallee,
                    std::vector<LibraryRename> *Renames) {
  llvm::SetVector<const FunctionDecl *> Worklist;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Kernels;
  for (const KernelPlan &Plan : Plans)
    Kernels.insert(Plan.Function->getCanonicalDecl());
  CallCollector Collector(Context, Files, Worklist, Kernels);
  // Every level: the loops of a host branch or a 'loop seq' body run on the
  // device as much as the kernel's top-level ones.
  for (const KernelPlan &Plan : Plans)
    forEachStep(Plan.Steps, [&](const Step &S) {
      // A device scalar's set from device data ('float alpha = ratio(rr,
      // pap);') runs on one GPU thread too.
      if (S.Kind == StepKind::ParallelLoop || S.Kind == StepKind::SerialTask ||
          (S.Kind == StepKind::DeviceScalarSet && S.OnDevice))
        Collector.TraverseStmt(const_cast<Stmt *>(S.deviceCode()));
    });

  // Functions called by device functions run on the device too.
  // A template's pattern leaves calls on dependent operands unresolved
  // ('a - b' on a T); its instantiations show the functions really called.
  llvm::SmallPtrSet<const FunctionDecl *, 16> Traversed;
  auto traverse = [&](const FunctionDecl *FD) {
    const FunctionDecl *Definition = nullptr;
    if (FD->isDefined(Definition) && Definition->getBody() &&
        Traversed.insert(Definition).second) {
      Collector.Helper = Definition;
      Collector.TraverseStmt(Definition->getBody());
      Collector.Helper = nullptr;
    }
  };
  for (size_t I = 0; I < Worklist.size(); ++I) {
    traverse(Worklist[I]);
    if (const FunctionTemplateDecl *T =
            Worklist[I]->getDescribedFunctionTemplate())
      for (const FunctionDecl *Instance : T->specializations())
        traverse(Instance);
    else if (const auto *Method = dyn_cast<CXXMethodDecl>(Worklist[I]))
      if (const CXXRecordDecl *Class = Method->getParent();
          Class->getDescribedClassTemplate())
        for (const CXXRecordDecl *Instance :
             Class->getDescribedClassTemplate()->specializations())
          for (const CXXMethodDecl *M : Instance->methods())
            if (M->getTemplateInstantiationPattern() == Method)
              traverse(M);
  }

  std::vector<const FunctionDecl *> Result;
  for (const FunctionDecl *FD : Worklist)
    for (const FunctionDecl *Redecl : FD->redecls()) {
      FileOrigin Origin = Files.originOf(Redecl->getLocation());
      if (!Redecl->isImplicit() && (Origin == FileOrigin::MainFile ||
                                    Origin == FileOrigin::UserHeader))
        Result.push_back(Redecl);
    }
  if (RelaxedConstexprCallee)
    *RelaxedConstexprCallee = Collector.RelaxedConstexprCallee;
  if (Renames)
    *Renames = std::move(Collector.Renames);
  return Result;
}

} // namespace qd
