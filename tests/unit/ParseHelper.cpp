// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ParseHelper.cpp ----------------------------------------------------===//
#include "ParseHelper.h"
#include "analysis/KernelAnalysis.h"
#include "pragmas/PragmaHandler.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"

#ifndef QD_TEST_RESOURCE_DIR
#error "QD_TEST_RESOURCE_DIR must name clang's resource directory"
#endif

using namespace clang;

namespace qd::test {
namespace {

const char *levelName(DiagnosticsEngine::Level L) {
  switch (L) {
  case DiagnosticsEngine::Ignored:
    return "ignored";
  case DiagnosticsEngine::Note:
    return "note";
  case DiagnosticsEngine::Remark:
    return "remark";
  case DiagnosticsEngine::Warning:
    return "warning";
  case DiagnosticsEngine::Error:
    return "error";
  case DiagnosticsEngine::Fatal:
    return "fatal error";
  }
  return "?";
}

class CollectingConsumer : public DiagnosticConsumer {
public:
  explicit CollectingConsumer(std::vector<CapturedDiag> &Out) : Out(Out) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    // Keeps the error and warning counts that ExecuteAction reads.
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    SmallString<256> Message;
    Info.FormatDiagnostic(Message);
    CapturedDiag D{Level, Message.str().str()};
    if (Info.getLocation().isValid() && Info.hasSourceManager()) {
      const SourceManager &SM = Info.getSourceManager();
      SourceLocation Loc = SM.getExpansionLoc(Info.getLocation());
      D.Line = SM.getExpansionLineNumber(Loc);
      D.Column = SM.getExpansionColumnNumber(Loc);
    }
    Out.push_back(std::move(D));
  }

private:
  std::vector<CapturedDiag> &Out;
};

class InspectConsumer : public ASTConsumer {
public:
  InspectConsumer(DirectiveList &Directives, const InspectFn &Inspect,
                  const ParseOptions &Options, bool &Inspected)
      : Directives(Directives), Inspect(Inspect), Options(Options),
        Inspected(Inspected) {}

  void HandleTranslationUnit(ASTContext &Context) override {
    std::vector<KernelPlan> Plans;
    if (Options.Analyze && (Options.AnalyzeAfterErrors ||
                            !Context.getDiagnostics().hasErrorOccurred()))
      Plans = analyzeKernels(Context, Directives, Options.Analysis);
    Inspected = true;
    if (Inspect)
      Inspect(Context, Plans, Directives);
  }

private:
  DirectiveList &Directives;
  const InspectFn &Inspect;
  const ParseOptions &Options;
  bool &Inspected;
};

class InspectAction : public ASTFrontendAction {
public:
  InspectAction(CollectingConsumer &Diags, const InspectFn &Inspect,
                const ParseOptions &Options, bool &Inspected)
      : Diags(Diags), Inspect(Inspect), Options(Options), Inspected(Inspected) {
  }

  bool BeginInvocation(CompilerInstance &CI) override {
    // No "N errors generated." on stderr: the test checks the diagnostics.
    CI.getDiagnosticOpts().ShowCarets = false;
    CI.getDiagnostics().setClient(&Diags, /*ShouldOwnClient=*/false);
    return true;
  }

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // As in TranslateAction: the preprocessor owns its handlers.
    CI.getPreprocessor().AddPragmaHandler(new QdPragmaHandler(Directives));
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    return std::make_unique<InspectConsumer>(Directives, Inspect, Options,
                                             Inspected);
  }

private:
  CollectingConsumer &Diags;
  const InspectFn &Inspect;
  const ParseOptions &Options;
  bool &Inspected;
  DirectiveList Directives;
};

class ForCollector : public RecursiveASTVisitor<ForCollector> {
public:
  std::vector<const ForStmt *> Found;
  bool VisitForStmt(ForStmt *S) {
    Found.push_back(S);
    return true;
  }
};

class VarFinder : public RecursiveASTVisitor<VarFinder> {
public:
  explicit VarFinder(StringRef Name) : Name(Name) {}
  const VarDecl *Found = nullptr;
  bool VisitVarDecl(VarDecl *V) {
    if (V->getName() == Name) {
      Found = V;
      return false;
    }
    return true;
  }

private:
  StringRef Name;
};

const FunctionDecl *findFunctionIn(const DeclContext *DC, StringRef Name) {
  for (const Decl *D : DC->decls()) {
    const FunctionDecl *FD = nullptr;
    if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
      FD = T->getTemplatedDecl();
    else
      FD = dyn_cast<FunctionDecl>(D);
    if (FD && FD->getDeclName().isIdentifier() && FD->getName() == Name &&
        FD->doesThisDeclarationHaveABody())
      return FD;
    if (const auto *Inner = dyn_cast<DeclContext>(D))
      if (isa<NamespaceDecl, LinkageSpecDecl>(D))
        if (const FunctionDecl *Found = findFunctionIn(Inner, Name))
          return Found;
  }
  return nullptr;
}

} // namespace

std::string CapturedDiag::str() const {
  return std::to_string(Line) + ": " + levelName(Level) + ": " + Message;
}

std::vector<std::string> ParseResult::messages() const {
  std::vector<std::string> Out;
  for (const CapturedDiag &D : Diags)
    Out.push_back(D.str());
  return Out;
}

std::vector<std::string>
ParseResult::messages(DiagnosticsEngine::Level Level) const {
  std::vector<std::string> Out;
  for (const CapturedDiag &D : Diags)
    if (D.Level == Level)
      Out.push_back(D.str());
  return Out;
}

unsigned ParseResult::count(DiagnosticsEngine::Level Level) const {
  unsigned N = 0;
  for (const CapturedDiag &D : Diags)
    N += D.Level == Level;
  return N;
}

ParseResult parse(StringRef Code, const InspectFn &Inspect,
                  ParseOptions Options) {
  ParseResult Result;
  CollectingConsumer Diags(Result.Diags);
  std::vector<std::string> Args = {"-std=c++17", "-xc++",
                                   "-resource-dir=" QD_TEST_RESOURCE_DIR};
  Result.Succeeded = tooling::runToolOnCodeWithArgs(
      std::make_unique<InspectAction>(Diags, Inspect, Options,
                                      Result.Inspected),
      Code, Args, "input.cc", "qd-translator-unit-tests",
      std::make_shared<PCHContainerOperations>(), Options.Headers);
  return Result;
}

const FunctionDecl *findFunction(ASTContext &Context, StringRef Name) {
  return findFunctionIn(Context.getTranslationUnitDecl(), Name);
}

std::vector<const ForStmt *> forStmtsIn(const Stmt *S) {
  ForCollector C;
  C.TraverseStmt(const_cast<Stmt *>(S));
  return C.Found;
}

const VarDecl *findVar(const FunctionDecl *FD, StringRef Name) {
  if (!FD)
    return nullptr;
  for (const ParmVarDecl *P : FD->parameters())
    if (P->getName() == Name)
      return P;
  VarFinder F(Name);
  F.TraverseStmt(FD->getBody());
  return F.Found;
}

std::string sourceText(ASTContext &Context, const Stmt *S) {
  if (!S)
    return "<null>";
  const SourceManager &SM = Context.getSourceManager();
  SourceRange R(SM.getExpansionLoc(S->getBeginLoc()),
                SM.getExpansionLoc(S->getEndLoc()));
  return Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM,
                              Context.getLangOpts())
      .str();
}

unsigned lineOf(ASTContext &Context, SourceLocation Loc) {
  return Context.getSourceManager().getExpansionLineNumber(Loc);
}

unsigned columnOf(ASTContext &Context, SourceLocation Loc) {
  return Context.getSourceManager().getExpansionColumnNumber(Loc);
}

std::vector<std::string> captureNames(const std::vector<Capture> &Captures) {
  std::vector<std::string> Out;
  for (const Capture &C : Captures)
    Out.push_back(C.Var ? C.Var->getNameAsString() : "<null>");
  return Out;
}

const char *stepKindName(StepKind K) {
  switch (K) {
  case StepKind::HostScalar:
    return "HostScalar";
  case StepKind::ParallelLoop:
    return "ParallelLoop";
  case StepKind::SerialTask:
    return "SerialTask";
  case StepKind::Region:
    return "Region";
  case StepKind::HostStatement:
    return "HostStatement";
  case StepKind::HostIf:
    return "HostIf";
  case StepKind::HostSwitch:
    return "HostSwitch";
  case StepKind::HostLoop:
    return "HostLoop";
  case StepKind::HostJump:
    return "HostJump";
  case StepKind::KernelCall:
    return "KernelCall";
  case StepKind::HostCode:
    return "HostCode";
  case StepKind::DeviceScalarInit:
    return "DeviceScalarInit";
  case StepKind::DeviceScalarSet:
    return "DeviceScalarSet";
  case StepKind::DataUpdate:
    return "DataUpdate";
  case StepKind::CallerResults:
    return "CallerResults";
  }
  return "?";
}

std::string shape(const std::vector<Step> &Steps) {
  std::string Out;
  for (const Step &S : Steps) {
    if (!Out.empty())
      Out += ' ';
    Out += stepKindName(S.Kind);
    if (!S.Branches.empty()) {
      Out += '{';
      for (size_t I = 0; I < S.Branches.size(); ++I)
        Out += (I ? " | " : "") + shape(S.Branches[I]);
      Out += '}';
    }
    if (S.Kind != StepKind::Region)
      continue;
    Out += '[';
    for (size_t I = 0; I < S.Blocks.size(); ++I) {
      if (I)
        Out += " | ";
      Out += shape(S.Blocks[I].Steps);
    }
    Out += ']';
  }
  return Out;
}

} // namespace qd::test
