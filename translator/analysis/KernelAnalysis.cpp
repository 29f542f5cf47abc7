// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelAnalysis.cpp -------------------------------------------------===//
//
// Directives are attached by position: a directive belongs to the first
// statement (or declaration) that starts after it in the same compound
// statement. Whatever is left unattached at the end is misplaced, and the
// enclosing code tells which error to give.
//
//===----------------------------------------------------------------------===//
#include "analysis/KernelAnalysis.h"
#include "analysis/host/HostOnlyLocals.h"
#include "analysis/host/ReferenceResults.h"
#include "analysis/JumpScopeVisitor.h"
#include "analysis/KernelAnalyzer.h"
#include "analysis/KernelDeclarationDirectives.h"
#include "analysis/loops/CoarsenAnalysis.h"
#include "analysis/loops/CollapseAnalysis.h"
#include "analysis/loops/DependenceAnalysis.h"
#include "analysis/loops/PrivateLocals.h"
#include "analysis/loops/ReductionAnalysis.h"
#include "analysis/loops/TileAnalysis.h"
#include "analysis/loops/VectorLoopAnalysis.h"
#include "analysis/memory/CaptureAnalysis.h"
#include "analysis/memory/Globals.h"
#include "analysis/memory/MayWrite.h"
#include "analysis/memory/RaceAnalysis.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace qd {
namespace {

/// Finds statements a parallel loop body must not contain. 'break' is fine
/// inside a nested loop or switch.
class LoopBodyChecker : public JumpScopeVisitor<LoopBodyChecker> {
public:
  const Stmt *Found = nullptr;
  const char *What = nullptr;

  bool VisitBreakStmt(BreakStmt *S) {
    return Breakable > 0 || found(S, "break");
  }
  bool VisitGotoStmt(GotoStmt *S) { return found(S, "goto"); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *S) { return found(S, "goto"); }
  bool VisitReturnStmt(ReturnStmt *S) { return found(S, "return"); }
  bool VisitCXXThrowExpr(CXXThrowExpr *E) { return found(E, "throw"); }
  bool VisitCXXTryStmt(CXXTryStmt *S) { return found(S, "try"); }

private:
  bool found(const Stmt *S, const char *Keyword) {
    Found = S;
    What = Keyword;
    return false;
  }
};

/// Finds 'return' (outside lambdas), nested 'for' loops, and a 'break' or
/// 'continue' that would leave the task (of a host loop or switch around
/// it) in a serial task.
class SerialTaskScanner : public JumpScopeVisitor<SerialTaskScanner> {
public:
  const ReturnStmt *Return = nullptr;
  const Stmt *Jump = nullptr;
  std::vector<const ForStmt *> Loops;

  bool VisitBreakStmt(BreakStmt *S) {
    if (!Breakable && !Jump)
      Jump = S;
    return true;
  }
  bool VisitContinueStmt(ContinueStmt *S) {
    if (!Continuable && !Jump)
      Jump = S;
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *S) {
    if (!Return)
      Return = S;
    return true;
  }
  bool VisitForStmt(ForStmt *S) {
    Loops.push_back(S);
    return true;
  }
  /// Calls of functions whose own bodies have loops, which the task runs on
  /// its one thread.
  std::vector<std::pair<const CallExpr *, const FunctionDecl *>> LoopCalls;
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    const FunctionDecl *Definition = nullptr;
    if (Callee && Callee->isDefined(Definition) && Definition->getBody() &&
        !Definition->isConstexpr() && hasLoop(Definition->getBody()))
      LoopCalls.push_back({Call, Definition});
    return true;
  }

private:
  static bool hasLoop(const Stmt *S) {
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
      return true;
    for (const Stmt *Child : S->children())
      if (Child && !isa<LambdaExpr>(Child) && hasLoop(Child))
        return true;
    return false;
  }
};

/// 'using real = float;', 'struct P { ... };', 'enum class Mode { ... };',
/// 'static_assert(...)': declarations that create no object.
bool declaresOnlyTypes(const DeclStmt *DS) {
  return llvm::all_of(DS->decls(), [](const Decl *D) {
    return isa<TypedefNameDecl, TagDecl, UsingDecl, UsingDirectiveDecl,
               UsingEnumDecl, StaticAssertDecl, NamespaceAliasDecl,
               UsingShadowDecl>(D);
  });
}

/// A type the kernel's own body declares (a local struct or enum), which a
/// device function's parameter cannot name.
const TagDecl *localTagOf(QualType T) {
  T = T.getNonReferenceType();
  while (T->isPointerType() || T->isArrayType())
    T = T->isPointerType() ? T->getPointeeType()
                           : QualType(T->getArrayElementTypeNoTypeQual(), 0);
  const TagDecl *Tag = T->getAsTagDecl();
  return Tag && Tag->getDeclContext()->isFunctionOrMethod() ? Tag : nullptr;
}

/// Namespace-scope declarations of the main file, in source order, with the
/// namespaces and linkage specifications themselves included.
void collectNamespaceScopeDecls(const DeclContext *DC, const SourceManager &SM,
                                std::vector<const Decl *> &Out) {
  for (const Decl *D : DC->decls()) {
    if (D->isImplicit() || !SM.isInMainFile(SM.getExpansionLoc(D->getBeginLoc())))
      continue;
    // The pattern of a function template is reached through its template.
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      if (FD->getDescribedFunctionTemplate())
        continue;
    Out.push_back(D);
    if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D))
      collectNamespaceScopeDecls(cast<DeclContext>(D), SM, Out);
  }
}

/// The innermost function whose body contains a location.
class EnclosingFunctionFinder
    : public RecursiveASTVisitor<EnclosingFunctionFinder> {
public:
  EnclosingFunctionFinder(const SourceManager &SM, SourceLocation Loc)
      : SM(SM), Loc(Loc) {}
  const FunctionDecl *Found = nullptr;
  /// The innermost class whose braces hold the location.
  const CXXRecordDecl *FoundClass = nullptr;

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitCXXRecordDecl(CXXRecordDecl *RD) {
    if (!RD->isThisDeclarationADefinition())
      return true;
    SourceLocation B = SM.getExpansionLoc(RD->getBraceRange().getBegin());
    SourceLocation E = SM.getExpansionLoc(RD->getBraceRange().getEnd());
    if (B.isValid() && E.isValid() && SM.isBeforeInTranslationUnit(B, Loc) &&
        SM.isBeforeInTranslationUnit(Loc, E))
      FoundClass = RD;
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody())
      return true;
    SourceRange R = FD->getBody()->getSourceRange();
    SourceLocation B = SM.getExpansionLoc(R.getBegin());
    SourceLocation E = SM.getExpansionLoc(R.getEnd());
    if (SM.isBeforeInTranslationUnit(B, Loc) &&
        SM.isBeforeInTranslationUnit(Loc, E))
      Found = FD; // Visited outer to inner, so the last match is innermost.
    return true;
  }

private:
  const SourceManager &SM;
  SourceLocation Loc;
};

} // namespace

std::vector<KernelPlan> Analyzer::run() {
  std::vector<const Decl *> ScopeDecls;
  llvm::SmallPtrSet<const Decl *, 16> KernelTargets;
  collectNamespaceScopeDecls(Context.getTranslationUnitDecl(), SM, ScopeDecls);

  // Each kernel pragma's target is the first namespace-scope declaration
  // after it, provided the pragma is not inside another declaration. All
  // are known before any body is analyzed: a kernel may call one that a
  // later pragma marks.
  std::vector<KernelTarget> Targets;
  for (Directive &D : Directives.all()) {
    if (D.Kind != DirectiveKind::Kernel || !SM.isInMainFile(fileLoc(D.Loc)))
      continue;
    const Decl *Target = nullptr;
    bool Enclosed = false;
    for (const Decl *Candidate : ScopeDecls) {
      // 'extern "C" void f(...) { }': the function is the target, the next
      // candidate.
      if (const auto *Linkage = dyn_cast<LinkageSpecDecl>(Candidate);
          Linkage && !Linkage->hasBraces())
        continue;
      if (before(D.Loc, Candidate->getBeginLoc())) {
        Target = Candidate;
        break;
      }
      if (!isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(Candidate) &&
          within(D.Loc, Candidate->getSourceRange()))
        Enclosed = true;
    }
    if (Enclosed)
      continue; // Left unconsumed; reported below with its context.
    Targets.push_back({&D, Target});
  }
  resolveKernelDeclarations(Targets, Context);
  for (const KernelTarget &T : Targets) {
    const auto *Template = dyn_cast_or_null<FunctionTemplateDecl>(T.Target);
    const auto *FD = Template ? Template->getTemplatedDecl()
                              : dyn_cast_or_null<FunctionDecl>(T.Target);
    if (FD && FD->doesThisDeclarationHaveABody())
      Kernels[Template ? Template->getCanonicalDecl()
                       : static_cast<const Decl *>(FD->getCanonicalDecl())] = FD;
  }

  std::vector<KernelPlan> Plans;
  Plans.reserve(Targets.size());
  for (const KernelTarget &T : Targets) {
    Directive &D = *T.D;
    const Decl *Target = T.Target;
    D.Consumed = true;
    if (Target && !KernelTargets.insert(Target).second) {
      report(Diags, D.NameLoc, Diag::DuplicateDirective) << "kernel";
      continue;
    }
    Plans.emplace_back();
    Plan = &Plans.back();
    analyzeKernel(D, Target, T.OnDeclaration);
    if (!Plan->Function)
      Plans.pop_back();
  }
  Plan = nullptr;
  checkKernelCalls(Plans);

  for (Directive &D : Directives.all()) {
    if (D.Consumed)
      continue;
    if (!SM.isInMainFile(fileLoc(D.Loc))) {
      report(Diags, D.NameLoc, Diag::DirectiveOutsideMainFile);
      continue;
    }
    // Data directives outside kernels are the host's (DataDirectives.h).
    if (isDataDirective(D.Kind) &&
        llvm::none_of(KernelBodies,
                      [&](SourceRange Body) { return within(D.Loc, Body); }))
      continue;
    reportMisplaced(D);
  }
  return Plans;
}

void Analyzer::analyzeKernel(Directive &D, const Decl *Target,
                             bool OnDeclaration) {
  const FunctionDecl *FD = nullptr;
  const FunctionTemplateDecl *Template = nullptr;
  if (Target) {
    Template = dyn_cast<FunctionTemplateDecl>(Target);
    FD = Template ? Template->getTemplatedDecl() : dyn_cast<FunctionDecl>(Target);
  }
  if (!FD || !FD->doesThisDeclarationHaveABody()) {
    report(Diags, D.NameLoc, Diag::KernelNotFunctionDefinition);
    return;
  }
  // A kernel rejected as a whole: the directives in its body are not
  // misplaced, only not looked at.
  auto Reject = [&] {
    for (Directive &Inner : Directives.all())
      if (within(Inner.Loc, FD->getSourceRange()))
        Inner.Consumed = true;
  };
  // Its definition is replaced by generated code: that must not take code
  // around it in the same macro expansion along.
  // A directive on an earlier declaration stays there, as a comment.
  const CharSourceRange Definition = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(
          OnDeclaration ? Target->getBeginLoc() : D.Loc, FD->getEndLoc()),
      SM, Context.getLangOpts());
  if (Definition.isInvalid()) {
    report(Diags, FD->getLocation(), Diag::KernelInMacroExpansion)
        << FD->getName();
    Reject();
    return;
  }
  if (!isa<CompoundStmt>(FD->getBody())) {
    report(Diags, FD->getBody()->getBeginLoc(), Diag::KernelFunctionTryBlock)
        << FD->getName();
    Reject();
    return;
  }
  if (!checkSignature(FD)) {
    Reject();
    return;
  }

  Plan->Function = FD;
  KernelBodies.push_back(FD->getBody()->getSourceRange());
  Plan->Template = Template;
  Plan->PragmaLoc = OnDeclaration ? Target->getBeginLoc() : D.Loc;
  Plan->Definition = Definition;
  Plan->BlockDim = D.BlockDim.value_or(DefaultBlockDim);
  KernelBlockDimGiven = D.BlockDim.has_value();
  Plan->Graph = D.Graph;
  Values = HostValues();
  DeviceLocals.clear();
  DeviceScalars.clear();
  for (const ParmVarDecl *P : FD->parameters())
    Values.add(P);
  DeclControlDepth.clear();
  PromotedScalars.clear();
  AssignedOnHost.clear();
  InBlock = false;
  BreakTargets = ContinueTargets = ControlDepth = 0;
  Levels.emplace_back();
  // Reference parameters that reductions combine into live in slots for
  // the whole call, which starts from the caller's values and ends handing
  // the results back (ReferenceResults.h).
  Step Init, Results;
  Init.Kind = StepKind::DeviceScalarInit;
  Results.Kind = StepKind::CallerResults;
  Init.S = Results.S = FD->getBody();
  for (const ReferenceResult &R : referenceResults(FD, Directives, SM)) {
    DeviceScalars.try_emplace(R.Param,
                              DeviceScalar{R.FirstClause, Plan->ScratchSlots++});
    Init.Captures.push_back(deviceScalarCapture(R.Param));
  }
  Results.Captures = Init.Captures;
  if (!Init.Captures.empty())
    Plan->Steps.push_back(std::move(Init));
  analyzeSequence(cast<CompoundStmt>(FD->getBody()), Plan->Steps);
  if (!Results.Captures.empty())
    Plan->Steps.push_back(std::move(Results));
  Levels.pop_back();
  checkGraphLoops(Plan->Steps);
  checkHostOnlyReferences(FD);
  aliasQualifiedGlobals(FD);
}

void Analyzer::checkHostOnlyReferences(const FunctionDecl *FD) {
  for (const ParmVarDecl *P : FD->parameters()) {
    const QualType T = P->getType();
    if (!T->isLValueReferenceType() || T->getPointeeType().isConstQualified())
      continue;
    // Reduced into: device code uses its slot (ReferenceResults.h).
    if (DeviceScalars.count(P))
      continue;
    // The device has no copy of what it refers to: the statements that
    // run on the host (host code, host control flow, kernel calls'
    // arguments) may use it, device code may not.
    const Stmt *Use = nullptr;
    forEachStep(Plan->Steps, [&](const Step &S) {
      if (Use || !S.S)
        return;
      const bool Device =
          S.Kind == StepKind::ParallelLoop || S.Kind == StepKind::SerialTask ||
          (S.Kind == StepKind::DeviceScalarSet && S.OnDevice);
      const bool Reduced = llvm::any_of(
          S.Reductions, [&](const Reduction &R) { return R.Var == P; });
      if (!Device && !Reduced)
        return;
      if (Reduced || llvm::any_of(S.Captures, [&](const Capture &C) {
            return C.Var == P;
          }))
        Use = findReferenceTo(S.S, [&](const VarDecl *V) { return V == P; });
    });
    if (!Use)
      continue;
    report(Diags, P->getLocation(), Diag::KernelParameterNotPassable)
        << P->getName() << FD->getName()
        << "it is a non-const reference, which the device cannot write "
           "through; pass a pointer to device memory, or use it only in "
           "'#pragma qd host' statements";
    report(Diags, Use->getBeginLoc(), Diag::NoteDeviceCodeUsesHere)
        << P->getName();
  }
}

bool Analyzer::checkSignature(const FunctionDecl *FD) {
  bool Ok = true;
  if (isa<CXXMethodDecl>(FD)) {
    report(Diags, FD->getLocation(), Diag::KernelIsMethod) << FD->getName();
    return false;
  }
  if (!FD->getReturnType()->isVoidType() &&
      !FD->getReturnType()->isDependentType()) {
    report(Diags, FD->getLocation(), Diag::KernelReturnsNonVoid)
        << FD->getName();
    Ok = false;
  }
  if (const auto *Proto = FD->getType()->getAs<FunctionProtoType>();
      Proto && Proto->canThrow() == CT_Cannot) {
    SourceRange Spec = FD->getExceptionSpecSourceRange();
    report(Diags, Spec.isValid() ? Spec.getBegin() : FD->getLocation(),
           Diag::KernelNoexcept)
        << FD->getName();
  }
  if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
    for (const NamedDecl *P : *T->getTemplateParameters())
      if (P->getName().empty()) {
        report(Diags, P->getLocation(), Diag::KernelTemplateParameterUnnamed)
            << FD->getName();
        Ok = false;
      }
  for (const ParmVarDecl *P : FD->parameters()) {
    QualType T = P->getType();
    std::string Why;
    if (P->getName().empty())
      Why = "it has no name";
    else if (T->isRValueReferenceType())
      Why = "rvalue references are not supported; pass by value";
    else if (T->isLValueReferenceType()) {
      QualType Pointee = T->getPointeeType();
      if (!Pointee.isConstQualified())
        // Host code may use it: reported only where device code does
        // (checkHostOnlyReferences).
        continue;
      if (!Pointee->isDependentType() &&
               !Pointee.isTriviallyCopyableType(Context))
        Why = "'" + Pointee.getAsString() + "' is not trivially copyable";
    } else if (T->isFunctionPointerType())
      Why = "a host function pointer cannot be called on the device";
    else if (!T->isDependentType() && !T->isPointerType() &&
             !T.isTriviallyCopyableType(Context))
      Why = "'" + T.getAsString() + "' is not trivially copyable";
    if (!Why.empty()) {
      report(Diags, P->getLocation(), Diag::KernelParameterNotPassable)
          << P->getName() << FD->getName() << Why;
      Ok = false;
    }
  }
  return Ok;
}

std::vector<std::vector<Directive *>>
Analyzer::attachDirectives(llvm::ArrayRef<const Stmt *> Statements,
                           SourceLocation Begin, SourceLocation End) {
  // Kernel directives attach to declarations; a stream_parallel inside a
  // block is left for reportMisplaced to explain.
  auto Attachable = [&](const Directive &D) {
    return !D.Consumed && D.Kind != DirectiveKind::Kernel &&
           (D.Kind != DirectiveKind::StreamParallel || !InBlock);
  };
  std::vector<std::vector<Directive *>> Attached(Statements.size());
  SourceLocation PrevEnd = Begin;
  unsigned Index = 0;
  for (const Stmt *Child : Statements) {
    for (Directive &D : Directives.all()) {
      if (Attachable(D) && before(PrevEnd, D.Loc) &&
          before(D.Loc, Child->getBeginLoc())) {
        D.Consumed = true;
        Attached[Index].push_back(&D);
      }
    }
    PrevEnd = Child->getEndLoc();
    ++Index;
  }
  if (End.isInvalid())
    return Attached;
  // A directive after the last statement has nothing to apply to, but a
  // standalone one ('update') is a statement of its own: the extra entry.
  Attached.emplace_back();
  for (Directive &D : Directives.all()) {
    if (Attachable(D) && before(PrevEnd, D.Loc) && before(D.Loc, End)) {
      D.Consumed = true;
      if (isStandaloneDataDirective(D.Kind))
        Attached.back().push_back(&D);
      else
        report(Diags, D.NameLoc, Diag::DirectiveNotFollowedByStatement)
            << directiveName(D.Kind);
    }
  }
  return Attached;
}

void Analyzer::analyzeSequence(const CompoundStmt *Body,
                               std::vector<Step> &Out) {
  std::vector<const Stmt *> Statements(Body->body_begin(), Body->body_end());
  std::vector<std::vector<Directive *>> Attached = attachDirectives(
      Statements, Body->getLBracLoc(), Body->getRBracLoc());
  analyzeList(Statements, Attached, Out);
}

void Analyzer::analyzeBody(const Stmt *Body, SourceLocation Begin,
                           std::vector<Step> &Out) {
  const auto *Compound = dyn_cast<CompoundStmt>(Body);
  // 'else', '#pragma qd host', '{ ... }': the braces are the one statement
  // of the branch that the directive marks, not the branch's list; so are
  // they for a stream_parallel block. Any other directive there is left
  // to reportMisplaced, and the braces are the list.
  if (Compound && Begin.isValid() &&
      llvm::any_of(Directives.all(), [&](const Directive &D) {
        return !D.Consumed &&
               (D.Kind == DirectiveKind::Host ||
                (D.Kind == DirectiveKind::StreamParallel && !InBlock)) &&
               before(Begin, D.Loc) && before(D.Loc, Compound->getLBracLoc());
      }))
    Compound = nullptr;
  if (Compound) {
    std::vector<const Stmt *> Statements(Compound->body_begin(),
                                         Compound->body_end());
    analyzeBranch(Statements,
                  attachDirectives(Statements, Compound->getLBracLoc(),
                                   Compound->getRBracLoc()),
                  Out);
  } else {
    analyzeBranch(Body, attachDirectives(Body, Begin, SourceLocation()), Out);
  }
}

void Analyzer::analyzeBranch(llvm::ArrayRef<const Stmt *> Statements,
                             llvm::ArrayRef<std::vector<Directive *>> Attached,
                             std::vector<Step> &Out) {
  // A branch's locals are the enclosing level's (a reduction clause in it
  // may name the level's earlier locals) until the branch ends.
  llvm::StringMap<const VarDecl *> Outer = Levels.back();
  ++ControlDepth;
  analyzeList(Statements, Attached, Out);
  --ControlDepth;
  Levels.back() = std::move(Outer);
}

void Analyzer::analyzeList(llvm::ArrayRef<const Stmt *> Statements,
                           llvm::ArrayRef<std::vector<Directive *>> Attached,
                           std::vector<Step> &Out) {
  bool PreviousWasBlock = false;
  unsigned Index = 0;
  for (const Stmt *S : Statements) {
    const Directive *StreamParallel = nullptr;
    const Directive *LoopDirective = nullptr;
    const Directive *HostDirective = nullptr;
    for (const Directive *D : Attached[Index++]) {
      if (isDataDirective(D->Kind)) {
        analyzeDataDirectiveInKernel(*D, Out);
        PreviousWasBlock = false; // The copy separates the regions.
      } else if (D->Kind == DirectiveKind::StreamParallel && !StreamParallel)
        StreamParallel = D;
      else if (D->Kind == DirectiveKind::Loop && !LoopDirective)
        LoopDirective = D;
      else if (D->Kind == DirectiveKind::Host && !HostDirective)
        HostDirective = D;
      else
        report(Diags, D->NameLoc, Diag::DuplicateDirective)
            << directiveName(D->Kind);
    }
    if (HostDirective && LoopDirective) {
      report(Diags, LoopDirective->NameLoc, Diag::ConflictingDirectives)
          << "host" << "loop";
      LoopDirective = nullptr;
    }
    // The statement itself, or a block's statement when it is not braces.
    auto analyzeOne = [&](std::vector<Step> &Steps) {
      if (HostDirective)
        analyzeHostCode(S, *HostDirective, Steps);
      else
        analyzeStatement(S, LoopDirective, Steps);
    };
    if (!StreamParallel) {
      PreviousWasBlock = false;
      analyzeOne(Out);
      continue;
    }
    Block B;
    B.PragmaLoc = StreamParallel->Loc;
    B.Priority = StreamParallel->Priority;
    B.Body = S;
    BlockRanges.push_back({S->getSourceRange(), StreamParallel->NameLoc});
    // A jump out of a block would skip the region's join.
    InBlock = true;
    const unsigned OuterBreaks = BreakTargets, OuterContinues = ContinueTargets;
    BreakTargets = ContinueTargets = 0;
    if (const auto *Compound = dyn_cast<CompoundStmt>(S);
        Compound && !HostDirective) {
      if (LoopDirective)
        report(Diags, LoopDirective->NameLoc, Diag::LoopDirectiveMisplaced);
      Levels.emplace_back();
      analyzeSequence(Compound, B.Steps);
      Levels.pop_back();
    } else {
      analyzeOne(B.Steps);
    }
    BreakTargets = OuterBreaks;
    ContinueTargets = OuterContinues;
    InBlock = false;
    bool HasDeviceWork = false;
    forEachStep(B.Steps, [&](const Step &Inner) {
      HasDeviceWork |= Inner.Kind == StepKind::ParallelLoop ||
                       Inner.Kind == StepKind::SerialTask ||
                       Inner.Kind == StepKind::KernelCall ||
                       Inner.Kind == StepKind::HostCode ||
                       Inner.Kind == StepKind::DataUpdate;
    });
    if (!HasDeviceWork)
      report(Diags, StreamParallel->NameLoc, Diag::EmptyBlock);
    if (!PreviousWasBlock) {
      Step Region;
      Region.Kind = StepKind::Region;
      Region.S = S;
      Out.push_back(std::move(Region));
    }
    checkKernelLocalReductions(Out.back(), B);
    Out.back().Blocks.push_back(std::move(B));
    PreviousWasBlock = true;
  }
  // Standalone directives after the last statement.
  if (Attached.size() > Statements.size())
    for (const Directive *D : Attached.back())
      analyzeDataDirectiveInKernel(*D, Out);
}

bool Analyzer::isHostScalarDecl(const DeclStmt *DS) {
  // A later declarator may use an earlier one: 'int m = n / 2, m2 = m * 2;'.
  HostValues Tentative = Values;
  for (const Decl *D : DS->decls()) {
    const auto *Var = dyn_cast<VarDecl>(D);
    if (!Var || Var->isStaticLocal())
      return false;
    QualType T = Var->getType();
    // A private array may share the declaration: 'long long sq[3], base =
    // 7;' declares a host scalar and an array that each loop body using it
    // declares again (PrivateLocals.h).
    if (T->isArrayType() && isPrivatizableLocal(Var))
      continue;
    if (!T->isDependentType() && !T->isScalarType())
      return false;
    if (T->isReferenceType())
      return false;
    if (findDeviceDataUse(Var->getInit(), Tentative))
      return false;
    Tentative.add(Var);
  }
  return true;
}

void Analyzer::checkCaptureTypes(const std::vector<Capture> &Captures,
                                 const Stmt *DeviceCode) {
  for (const Capture &C : Captures) {
    const TagDecl *Tag = localTagOf(C.Var->getType());
    if (!Tag)
      continue;
    const DeclRefExpr *Use = findReferenceTo(
        DeviceCode, [&](const VarDecl *Var) { return Var == C.Var; });
    report(Diags, Use ? Use->getLocation() : C.Var->getLocation(),
           Diag::CaptureOfKernelLocalType)
        << C.Var->getName() << Tag->getName();
  }
}

void Analyzer::checkNoHostAddress(const DeclStmt *DS) {
  // A host scalar is computed on the host and passed by value: a pointer to
  // a host value would reach the device as an address it cannot use.
  for (const Decl *D : DS->decls()) {
    const auto *Var = cast<VarDecl>(D);
    MayWriteOptions AnyAddress;
    AnyAddress.ConstAddresses = true;
    forEachMayWrite(
        Var->getInit(),
        [&](const VariableWrite &W) {
          if (W.Kind != WriteKind::AddressTaken || !Values.contains(W.Var))
            return true;
          report(Diags, W.At->getExprLoc(), Diag::HostScalarHoldsHostAddress)
              << Var->getName() << W.Var->getName();
          return false;
        },
        AnyAddress);
  }
}

void Analyzer::checkDeviceLocals(const Stmt *S) {
  if (DeviceLocals.empty())
    return;
  if (const DeclRefExpr *Ref = findReferenceTo(S, DeviceLocals)) {
    report(Diags, Ref->getLocation(), Diag::DeviceLocalUsedLater)
        << Ref->getDecl()->getName();
    report(Diags, Ref->getDecl()->getLocation(), Diag::NoteDeviceLocalDeclared)
        << Ref->getDecl()->getName();
  }
}

void Analyzer::checkHostValueWrites(const Stmt *S,
                                    llvm::ArrayRef<const VarDecl *> Own,
                                    llvm::ArrayRef<Reduction> Reductions) {
  // Each device function has its own copy of a host value, so the write
  // would be lost and the result would differ from the serial program.
  if (std::optional<VariableWrite> Write =
          findMayWrite(S, [&](const VarDecl *Var) {
            // A global array's elements are its device copy's. A non-const
            // reference parameter is no value the device receives at all
            // (checkHostOnlyReferences).
            const QualType T = Var->getType();
            if (isa<ParmVarDecl>(Var) && T->isLValueReferenceType() &&
                !T->getPointeeType().isConstQualified())
              return false;
            return !llvm::is_contained(Own, Var) && Values.contains(Var) &&
                   !DeviceScalars.count(Var) && !isReduced(Reductions, Var) &&
                   classifyGlobal(Var, Context) != GlobalUse::HostArray;
          }))
    report(Diags, Write->At->getExprLoc(), Diag::HostValueWrittenOnDevice)
        << Write->Var->getName() << static_cast<unsigned>(Write->Kind);
  // A reduction's result is read-only, but for reductions into it.
  if (std::optional<VariableWrite> ScalarWrite =
          findMayWrite(S, [&](const VarDecl *Var) {
            return DeviceScalars.count(Var) && !isReduced(Reductions, Var);
          }))
    reportDeviceScalarWritten(*ScalarWrite, DeviceScalars, Context);
}

bool Analyzer::analyzeReductions(const Directive &D, const Stmt *Body,
                                 Step &Loop) {
  auto IsHostScalar = [&](const VarDecl *Var) {
    return Values.contains(Var) && !isa<ParmVarDecl>(Var);
  };
  ReductionScope Scope;
  Scope.SameLevel = &Levels.back();
  Scope.Outer = llvm::ArrayRef(Levels).drop_back();
  Scope.Kernel = Plan->Function;
  Scope.IsHostScalar = IsHostScalar;
  auto HasValue = [&](const VarDecl *Var) {
    return AssignedOnHost.count(Var) != 0 || DeviceScalars.count(Var) != 0;
  };
  Scope.HasValue = HasValue;
  auto IsReferenceResult = [&](const ParmVarDecl *P) {
    return DeviceScalars.count(P) != 0;
  };
  Scope.IsReferenceResult = IsReferenceResult;
  if (!resolveReductions(D, Scope, Context, Loop.Reductions) ||
      !checkReductionUses(Body, Loop.Reductions, Context))
    return false;
  bool InScope = true;
  for (size_t I = 0; I < Loop.Reductions.size(); ++I)
    InScope &= checkReductionScope(Loop.Reductions[I], D.Reductions[I].NameLoc);
  if (!InScope)
    return false;
  Loop.Counter = Plan->ScratchCounters++;
  // From this loop on each variable is a device scalar; resolveReductions
  // kept the clause's order.
  for (size_t I = 0; I < Loop.Reductions.size(); ++I) {
    Reduction &R = Loop.Reductions[I];
    auto [Scalar, New] = DeviceScalars.try_emplace(
        R.Var, DeviceScalar{D.Reductions[I].NameLoc, Plan->ScratchSlots});
    if (New)
      ++Plan->ScratchSlots;
    R.First = New;
    R.Slot = Scalar->second.Slot;
    R.Partials = Plan->ScratchPartials.size();
    Plan->ScratchPartials.push_back({Loop.BlockDim, R.Var});
  }
  return true;
}

void Analyzer::passDeviceScalars(Step &S) {
  for (Capture &C : S.Captures) {
    if (!DeviceScalars.count(C.Var))
      continue;
    C.DeviceScalar = true;
    C.Slot = DeviceScalars.lookup(C.Var).Slot;
  }
}

void Analyzer::analyzeStatement(const Stmt *S, const Directive *LoopDirective,
                                std::vector<Step> &Out) {
  if (LoopDirective && LoopDirective->Seq) {
    analyzeSeqLoop(S, *LoopDirective, Out);
    return;
  }
  if (const auto *For = dyn_cast<ForStmt>(S)) {
    analyzeLoop(For, LoopDirective, Out);
    return;
  }
  if (LoopDirective)
    report(Diags, LoopDirective->NameLoc, Diag::LoopDirectiveMisplaced);
  if (isa<NullStmt>(S))
    return;
  if (analyzeKernelCall(S, Out) || analyzeHostControlFlow(S, Out))
    return;
  checkDeviceLocals(S);
  if (const auto *Return = dyn_cast<ReturnStmt>(S)) {
    // 'if (n == 0) return;': the host stops enqueueing the kernel's work.
    if (Return->getRetValue())
      report(Diags, Return->getBeginLoc(), Diag::ReturnInKernelStatement);
    else if (InBlock)
      report(Diags, Return->getBeginLoc(), Diag::ReturnInBlock);
    else {
      Step Jump;
      Jump.Kind = StepKind::HostJump;
      Jump.S = S;
      Out.push_back(std::move(Jump));
    }
    return;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S); DS && declaresOnlyTypes(DS)) {
    Plan->TypeDecls.push_back(DS);
    Step Types;
    Types.Kind = StepKind::HostScalar;
    Types.S = S;
    Out.push_back(std::move(Types));
    return;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      if (const auto *Var = dyn_cast<VarDecl>(D)) {
        Levels.back()[Var->getName()] = Var;
        DeclControlDepth[Var] = ControlDepth;
      }
    }
    if (analyzeDerivedScalar(DS, Out))
      return;
    bool ReadsDeviceScalar = false;
    for (const Decl *D : DS->decls()) {
      const auto *Var = dyn_cast<VarDecl>(D);
      if (!Var)
        continue;
      // A template's 'T' local is a number in some instantiation: it would
      // silently read the host's stale value there.
      if (Var->getType()->isScalarType() || Var->getType()->isDependentType())
        ReadsDeviceScalar |= !checkNoDeviceScalarOnHost(
            Var->getInit(), /*What=*/1, DeviceScalars, Context);
    }
    if (ReadsDeviceScalar)
      return;
    // 'MPI_Request req[2];' that only host statements use is the host's,
    // as a scalar is: not an array that device code would privatize.
    if (llvm::any_of(DS->decls(),
                     [](const Decl *D) {
                       const auto *Var = dyn_cast<VarDecl>(D);
                       return Var && !Var->getType()->isScalarType();
                     }) &&
        declaresHostOnlyLocals(DS, Plan->Function, Directives, Context)) {
      Step Host;
      Host.Kind = StepKind::HostScalar;
      Host.S = S;
      Out.push_back(std::move(Host));
      return;
    }
    if (isHostScalarDecl(DS)) {
      checkNoHostAddress(DS);
      checkPrivatizedReads(DS);
      bool Uninitialized = false;
      for (const Decl *D : DS->decls()) {
        const auto *Var = cast<VarDecl>(D);
        if (isPrivatizableLocal(Var)) {
          UninitializedLocals.insert(Var);
          Uninitialized = true;
        }
        if (Var->getType()->isDependentType() &&
            Var->getType()->getContainedAutoType()) {
          report(Diags, Var->getLocation(), Diag::HostScalarDependentAuto)
              << Var->getName() << /*host scalar=*/0;
        }
        // An array has no host value: the device code that writes it
        // declares its own.
        if (!Var->getType()->isArrayType())
          Values.add(Var);
      }
      Step Host;
      Host.Kind = StepKind::HostScalar;
      Host.S = S;
      Host.Uninitialized = Uninitialized;
      Out.push_back(std::move(Host));
      return;
    }
    for (const Decl *D : DS->decls())
      if (const auto *Var = dyn_cast<VarDecl>(D))
        DeviceLocals.insert(Var);
  }
  Step Task;
  Task.Kind = StepKind::SerialTask;
  Task.S = S;
  Task.BlockDim = 1;
  analyzePrivates(Task, {});
  passGlobals(S);
  checkHostValueWrites(S, Task.Privates);
  SerialTaskScanner Scanner;
  Scanner.TraverseStmt(const_cast<Stmt *>(S));
  if (Scanner.Return)
    report(Diags, Scanner.Return->getBeginLoc(),
           Diag::ReturnInKernelStatement);
  if (Scanner.Jump)
    report(Diags, Scanner.Jump->getBeginLoc(), Diag::JumpInSerialTask)
        << (isa<BreakStmt>(Scanner.Jump) ? "break" : "continue");
  for (const ForStmt *Loop : Scanner.Loops)
    report(Diags, Loop->getBeginLoc(), Diag::SerialLoop);
  for (const auto &[Call, Callee] : Scanner.LoopCalls)
    if (!SM.isInSystemHeader(fileLoc(Callee->getLocation())) &&
        !Kernels.count(Callee->getCanonicalDecl()))
      report(Diags, Call->getBeginLoc(), Diag::SerialCallWithLoops)
          << Callee->getName();
  captureTaskValues(Task, Task.Privates);
  for (const VarDecl *Var : Task.Privates)
    Privatized[Var] = S;
  Out.push_back(std::move(Task));
}

void Analyzer::captureTaskValues(Step &Task,
                                 llvm::ArrayRef<const VarDecl *> Own) {
  Task.Captures = collectCaptures(Task.S, Values);
  llvm::erase_if(Task.Captures, [&](const Capture &C) {
    return llvm::is_contained(Own, C.Var);
  });
  checkCaptureTypes(Task.Captures, Task.S);
  checkPrivatizedCaptures(Task);
  passDeviceScalars(Task);
}

void Analyzer::analyzeLoop(const ForStmt *For, const Directive *LoopDirective,
                           std::vector<Step> &Out) {
  // A loop rejected outright is not analyzed further: the vector loops in
  // it would only repeat the error.
  auto Reject = [&] {
    for (Directive &D : Directives.all())
      if (!D.Consumed && D.Kind == DirectiveKind::Loop &&
          (D.Vector || D.VectorLength) && within(D.Loc, For->getSourceRange()))
        D.Consumed = true;
  };
  if (LoopDirective && (LoopDirective->Vector || LoopDirective->VectorLength)) {
    if (LoopDirective->Vector)
      report(Diags, LoopDirective->NameLoc, Diag::VectorLoopMisplaced);
    else
      report(Diags, LoopDirective->VectorLengthLoc,
             Diag::VectorLengthWithoutVector);
    return Reject();
  }
  LoopForm Form;
  LoopFormMismatch Mismatch;
  if (!matchCanonicalLoop(For, Form, Mismatch)) {
    report(Diags, Mismatch.Loc, Diag::UnsupportedLoopForm) << Mismatch.Reason;
    return Reject();
  }
  bool Ok = checkBoundsOnHost(Form, Values, Context);
  std::vector<LoopForm> Collapsed;
  if (LoopDirective && LoopDirective->Collapse &&
      !matchCollapsedNest(Form, *LoopDirective, Values, Context, Collapsed))
    return Reject();
  std::vector<const LoopForm *> Nest{&Form};
  for (const LoopForm &Inner : Collapsed)
    Nest.push_back(&Inner);
  for (const LoopForm *L : Nest)
    for (const Expr *Bound : {L->Begin, L->End, L->Step}) {
      Ok &= !Bound || checkNoDeviceScalarOnHost(Bound, /*What=*/0,
                                                DeviceScalars, Context);
      checkPrivatizedReads(Bound);
    }
  const Stmt *Body = Collapsed.empty() ? Form.Body : Collapsed.back().Body;
  LoopBodyChecker Checker;
  Checker.TraverseStmt(const_cast<Stmt *>(Body));
  if (Checker.Found) {
    report(Diags, Checker.Found->getBeginLoc(), Diag::StatementInParallelLoop)
        << Checker.What;
    Ok = false;
  }
  std::vector<const VarDecl *> LoopVars;
  for (const LoopForm *L : Nest)
    LoopVars.push_back(L->Var);
  Ok &= checkIndependentIterations(Body, Nest, /*Vector=*/false, Context);
  // In the serial program a write to the index would skip or repeat
  // iterations; each thread has its own copy.
  if (std::optional<VariableWrite> Write =
          findMayWrite(Body, [&](const VarDecl *Var) {
            return llvm::is_contained(LoopVars, Var);
          })) {
    report(Diags, Write->At->getExprLoc(), Diag::LoopIndexWritten)
        << Write->Var->getName();
    Ok = false;
  }
  checkDeviceLocals(For);
  Step Loop;
  Loop.Kind = StepKind::ParallelLoop;
  Loop.S = For;
  Loop.Loop = Form;
  Loop.Collapsed = Collapsed;
  Loop.BlockDim = LoopDirective && LoopDirective->BlockDim
                      ? *LoopDirective->BlockDim
                      : Plan->BlockDim;
  // Before the reductions: the vector loops may choose the block size,
  // which sizes the reductions' partial results.
  VectorLoopContext VC;
  VC.Body = Body;
  VC.Parent = Collapsed.empty() ? For : Collapsed.back().For;
  VC.OuterIndex = Collapsed.empty() ? Form.Var : Collapsed.back().Var;
  VC.Kernel = Plan->Function;
  VC.BlockDimGiven = (LoopDirective && LoopDirective->BlockDim) ||
                     KernelBlockDimGiven;
  Ok &= analyzeVectorLoops(VC, Directives, Context, Loop, VectorRanges);
  if (Ok && LoopDirective && !LoopDirective->Reductions.empty())
    Ok = analyzeReductions(*LoopDirective, Body, Loop);
  Ok &= analyzePrivates(Loop, LoopVars);
  Ok &= passGlobals(Body);
  std::vector<const VarDecl *> Own = LoopVars;
  llvm::append_range(Own, Loop.Privates);
  checkHostValueWrites(Body, Own, Loop.Reductions);
  if (Ok)
    Ok = analyzeTiling(Loop, LoopDirective, Values, Context);
  if (Ok && !Loop.Tile)
    Ok = analyzeCoarsening(Loop, LoopDirective, Context);
  if (!Ok)
    return;
  Loop.Captures = collectCaptures(Body, Values, Form.Var);
  checkCaptureTypes(Loop.Captures, Body);
  // A reduction variable is the threads' private accumulator, and a private
  // local or an index their own copy, not a capture.
  llvm::erase_if(Loop.Captures, [&](const Capture &C) {
    return isReduced(Loop.Reductions, C.Var) || llvm::is_contained(Own, C.Var);
  });
  checkPrivatizedCaptures(Loop);
  // In the serial program these keep what the last iteration left; here the
  // host has no value for them.
  for (const VarDecl *Var : Own)
    if (Values.contains(Var))
      Privatized[Var] = For;
  passDeviceScalars(Loop);
  Out.push_back(std::move(Loop));
}

void Analyzer::reportMisplaced(const Directive &D) {
  EnclosingFunctionFinder Finder(SM, fileLoc(D.Loc));
  Finder.TraverseDecl(Context.getTranslationUnitDecl());
  const FunctionDecl *Enclosing = Finder.Found;
  switch (D.Kind) {
  case DirectiveKind::Kernel:
    if (Enclosing)
      report(Diags, D.NameLoc, Diag::KernelNotAtNamespaceScope);
    else if (Finder.FoundClass)
      report(Diags, D.NameLoc, Diag::KernelInClass)
          << Finder.FoundClass->getName();
    else
      report(Diags, D.NameLoc, Diag::KernelNotFunctionDefinition);
    return;
  case DirectiveKind::Loop:
    if (!D.Vector) {
      report(Diags, D.NameLoc, Diag::LoopDirectiveMisplaced);
      return;
    }
    for (const auto &[Range, VectorPragma] : VectorRanges) {
      if (within(D.Loc, Range)) {
        report(Diags, D.NameLoc, Diag::VectorLoopNested);
        report(Diags, VectorPragma, Diag::NoteEnclosingVectorLoop);
        return;
      }
    }
    report(Diags, D.NameLoc, Diag::VectorLoopMisplaced);
    return;
  case DirectiveKind::Host:
    report(Diags, D.NameLoc, Diag::HostDirectiveMisplaced);
    return;
  case DirectiveKind::Update:
    report(Diags, D.NameLoc, Diag::UpdateMisplaced);
    return;
  case DirectiveKind::Data:
  case DirectiveKind::EnterData:
  case DirectiveKind::ExitData:
    report(Diags, D.NameLoc, Diag::DataDirectiveInKernel)
        << directiveName(D.Kind);
    return;
  case DirectiveKind::StreamParallel:
    break;
  }
  for (const auto &[Range, BlockPragma] : BlockRanges) {
    if (within(D.Loc, Range)) {
      report(Diags, D.NameLoc, Diag::StreamParallelNested);
      report(Diags, BlockPragma, Diag::NoteEnclosingBlock);
      return;
    }
  }
  for (SourceRange Body : KernelBodies) {
    if (within(D.Loc, Body)) {
      report(Diags, D.NameLoc, Diag::StreamParallelInLoop);
      return;
    }
  }
  if (Enclosing)
    report(Diags, D.NameLoc, Diag::StreamParallelOutsideKernel)
        << Enclosing->getName();
  else
    report(Diags, D.NameLoc, Diag::StreamParallelAtNamespaceScope);
}

std::vector<KernelPlan> analyzeKernels(ASTContext &Context,
                                       DirectiveList &Directives,
                                       const AnalysisOptions &Options) {
  std::vector<KernelPlan> Plans = Analyzer(Context, Directives, Options).run();
  checkBlockRaces(Context, Plans);
  return Plans;
}

} // namespace qd
