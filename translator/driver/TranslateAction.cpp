// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- TranslateAction.cpp ------------------------------------------------===//
#include "driver/TranslateAction.h"
#include "analysis/device/DeviceFunctions.h"
#include "analysis/device/LibraryTwins.h"
#include "analysis/device/LongDoubleOnDevice.h"
#include "analysis/KernelAnalysis.h"
#include "codegen/DataCodeGen.h"
#include "codegen/EntryHeader.h"
#include "codegen/KernelDeclarations.h"
#include "codegen/KernelNameUses.h"
#include "codegen/SourceText.h"
#include "codegen/WarningPragmaOutput.h"
#include "diagnostics/WarningPragmas.h"
#include "pragmas/PragmaHandler.h"
#include "remarks/LoopRemarks.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/StringMap.h"

using namespace clang;

namespace qd {
namespace {

/// What makes \p FD callable from device code. nvcc's host pass drops the
/// bodies of __global__ functions, so a 'static' function that only device
/// code calls looks unused there (-Wunused-function).
std::string deviceAttributes(const FunctionDecl *FD) {
  bool Internal = !isa<CXXMethodDecl>(FD) &&
                  FD->getFormalLinkage() == Linkage::Internal;
  return Internal ? "[[maybe_unused]] __host__ __device__ "
                  : "__host__ __device__ ";
}

/// A name for each kernel's device functions that is unique in the file even
/// when kernels are overloaded or share a name across namespaces.
std::string devicePrefix(const FunctionDecl *FD,
                         llvm::StringMap<unsigned> &Seen) {
  std::string Name = FD->getNameAsString();
  unsigned Count = Seen[Name]++;
  std::string Prefix = "qd_" + Name;
  if (Count)
    Prefix += "_" + std::to_string(Count + 1);
  return Prefix;
}

/// Makes the CUDA output call the twins of \p Renames: in kernels'
/// code wherever it is copied, in functions that device code calls through
/// \p Rewrite. Returns the headers to include. A call whose name has no text
/// of its own in the file (inside a macro) keeps the standard function, and
/// \p RelaxedConstexprCallee names it for the prologue's guard.
std::vector<std::string> renameLibraryCalls(
    const std::vector<LibraryRename> &Renames, SourceText &Source,
    Rewriter &Rewrite, std::string &RelaxedConstexprCallee) {
  std::vector<TextEdit> InKernels;
  std::vector<std::string> Headers;
  for (const LibraryRename &R : Renames) {
    const CharSourceRange Tokens = CharSourceRange::getTokenRange(R.Range);
    if (!R.InHelper) {
      InKernels.push_back({Tokens, R.Replacement});
    } else if (CharSourceRange Written = Source.written(R.Range);
               Written.isInvalid() || Rewrite.ReplaceText(Written, R.Replacement)) {
      if (RelaxedConstexprCallee.empty())
        RelaxedConstexprCallee = R.Name;
      continue;
    }
    if (!llvm::is_contained(Headers, R.Header))
      Headers.push_back(R.Header);
  }
  Source.renameEverywhere(InKernels);
  llvm::sort(Headers);
  return Headers;
}

class TranslateConsumer : public ASTConsumer {
public:
  TranslateConsumer(const TranslateOptions &Options, DirectiveList &Directives,
                    const std::vector<IncludeDirective> &Includes,
                    const WarningPragmas &Pragmas,
                    std::unique_ptr<syntax::TokenCollector> Collector,
                    TranslateResult &Result)
      : Options(Options), Directives(Directives), Includes(Includes),
        Pragmas(Pragmas), Collector(std::move(Collector)), Result(Result) {}

  void HandleTranslationUnit(ASTContext &Context) override {
    DiagnosticsEngine &Diags = Context.getDiagnostics();
    if (Diags.hasErrorOccurred() && !Options.HeaderPass)
      return;
    const syntax::TokenBuffer Tokens = std::move(*Collector).consume();
    std::vector<SourceLocation> MacroDirectives;
    for (const Directive &D : Directives.all())
      if (D.Loc.isMacroID())
        MacroDirectives.push_back(D.Loc);
    SourceText Source(Context, Tokens, std::move(MacroDirectives));
    UserFiles Files(Context.getSourceManager(), Options.InRoot);
    AnalysisOptions Analysis;
    Analysis.ConditionalNodes = Options.CodeGen.Target == Target::Cuda;
    if (Options.CodeGen.Target != Target::Cpu)
      Analysis.GraphTarget = targetInfo(Options.CodeGen.Target).Name.str();
    Analysis.AllGraphs = Options.CodeGen.Graphs;
    std::vector<KernelPlan> Plans =
        analyzeKernels(Context, Directives, Analysis);
    if (Options.HeaderPass) {
      Result.Header = entryHeader(Context, Source, Plans);
      Result.Succeeded = true;
      return;
    }
    const std::vector<HostDataDirective> DataDirectives =
        analyzeHostDataDirectives(Context, Directives);
    std::string RelaxedConstexprCallee;
    std::vector<LibraryRename> Renames;
    std::vector<const FunctionDecl *> DeviceFunctions = findDeviceFunctions(
        Context, Files, Plans, &RelaxedConstexprCallee, &Renames);
    checkNoDataDirectiveInDeviceFunctions(DataDirectives, DeviceFunctions,
                                          Context);
    if (Options.CodeGen.Target != Target::Cpu)
      checkNoLongDoubleOnDevice(Plans, DeviceFunctions, Context);
    if (Diags.hasErrorOccurred())
      return;
    // Remarks read the plans; the output is rendered from them unchanged.
    if (Options.Remarks)
      emitLoopRemarks(Plans, Context);

    SourceManager &SM = Context.getSourceManager();
    Rewriter Rewrite(SM, Context.getLangOpts());
    // A qualified global is named by its bare name, which the host entries
    // declare and the device functions receive.
    for (const KernelPlan &Plan : Plans)
      for (const GlobalAlias &A : Plan.GlobalAliases)
        for (const DeclRefExpr *Use : A.Uses)
          Source.renameEverywhere(
              {{CharSourceRange::getTokenRange(Use->getBeginLoc(),
                                               Use->getLocation()),
                A.Var->getNameAsString()}});
    std::vector<std::string> LibraryHeaders;
    if (Options.CodeGen.Target == Target::Cuda)
      LibraryHeaders = renameLibraryCalls(Renames, Source, Rewrite,
                                          RelaxedConstexprCallee);
    else if (RelaxedConstexprCallee.empty() && !Renames.empty())
      // hipcc needs no twins; nvcc building the HIP output through a
      // HIP-to-CUDA header still needs the flag, which the guard names.
      RelaxedConstexprCallee = Renames.front().Name;
    KernelCodeGen CodeGen(Context, Source, Options.CodeGen);
    FileID Main = SM.getMainFileID();

    // Found for every target, so a source that translates for one target
    // translates for all; only GPU targets need the attributes.
    if (targetInfo(Options.CodeGen.Target).DeviceAttributes)
      for (const FunctionDecl *FD : DeviceFunctions) {
        const SourceLocation Start = SM.getExpansionLoc(FD->getInnerLocStart());
        // A member function of a type declared in a kernel: the generated
        // code replaces the kernel's text and copies the type's declaration
        // into each device function, so the attributes go with the copies.
        if (inKernelDefinition(Start, Plans, SM))
          Source.renameEverywhere(
              {{CharSourceRange::getCharRange(FD->getInnerLocStart(),
                                              FD->getInnerLocStart()),
                deviceAttributes(FD)}});
        else
          Rewrite.InsertTextBefore(Start, deviceAttributes(FD));
      }

    if (Options.CodeGen.Target != Target::Cpu)
      for (const KernelPlan &Plan : Plans)
        if (Plan.StreamOnly && (Plan.Graph || Options.CodeGen.Graphs) &&
            Plan.StreamOnlyWhy != KernelPlan::StreamOnlyReason::HostWait &&
            Plan.StreamOnlyWhy != KernelPlan::StreamOnlyReason::DataUpdate) {
          report(Diags, Plan.PragmaLoc, Diag::GraphModeStreamOnly)
              << Plan.Function->getName();
          const std::string &Detail = Plan.StreamOnlyDetail;
          report(Diags, Plan.StreamOnly->getBeginLoc(), Diag::NoteStreamOnlyHere)
              << static_cast<unsigned>(Plan.StreamOnlyWhy) << !Detail.empty()
              << Detail;
        }
    commentKernelDeclarationDirectives(Directives, Rewrite);
    // Every target's output overloads the kernel's name.
    rewriteKernelNamesAsValues(Context, Plans, Rewrite);
    rewriteHostDataDirectives(DataDirectives, Rewrite,
                              Options.CodeGen.Target != Target::Cpu,
                              Options.CodeGen.SourceName);
    llvm::StringMap<unsigned> Seen;
    for (const KernelPlan &Plan : Plans) {
      std::string Text =
          CodeGen.renderKernel(Plan, devicePrefix(Plan.Function, Seen));
      // Resume the user's numbering on the rest of the kernel's last line.
      if (Options.CodeGen.LineDirectives)
        Text += lineDirective(SM.getExpansionLineNumber(Plan.Definition.getEnd()),
                              Options.CodeGen.SourceName) +
                "\n";
      Rewrite.ReplaceText(Plan.Definition, Text);
    }
    for (const TextInsertion &I :
         calledKernelDeclarations(Context, Source, Plans, Options.CodeGen))
      Rewrite.InsertTextAfter(I.Loc, I.Text);
    if (targetInfo(Options.CodeGen.Target).DeviceAttributes)
      Result.HeaderCopies = translateUserHeaders(
          Rewrite, Files, Includes, Options.OutputPath,
          Options.OutputPath + ".qd-headers", Options.HeaderPath,
          Options.CodeGen.LineDirectives, QD_VERSION,
          Result.UnquotableInclude);
    std::vector<CharSourceRange> KernelDefinitions;
    for (const KernelPlan &Plan : Plans)
      KernelDefinitions.push_back(Plan.Definition);
    rewriteWarningPragmasForOutput(Pragmas, KernelDefinitions, Rewrite);
    Rewrite.InsertTextBefore(SM.getLocForStartOfFile(Main), CodeGen.prologue(RelaxedConstexprCallee, LibraryHeaders));

    std::string Output;
    llvm::raw_string_ostream OS(Output);
    Rewrite.getEditBuffer(Main).write(OS);
    OS.flush();
    Result.Output = Options.CodeGen.LineDirectives
                        ? resolveGeneratedLines(Output, Options.OutputName)
                        : Output;

    Result.Header = entryHeader(Context, Source, Plans);
    // The entry-point header is an output; as an input of its own command it
    // would make a cycle.
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      if (Options.HeaderPath.empty() ||
          normalizedPath(It->first.getName()) != Options.HeaderPath)
        Result.Dependencies.push_back(It->first.getName().str());
    std::sort(Result.Dependencies.begin(), Result.Dependencies.end());
    Result.Succeeded = true;
  }

private:
  const TranslateOptions &Options;
  DirectiveList &Directives;
  const std::vector<IncludeDirective> &Includes;
  const WarningPragmas &Pragmas;
  /// Records the tokens the parser sees, macro expansions included: code
  /// generated from a piece of a macro expansion is spelled from them.
  std::unique_ptr<syntax::TokenCollector> Collector;
  TranslateResult &Result;

  std::string entryHeader(ASTContext &Context, const SourceText &Source,
                          const std::vector<KernelPlan> &Plans) const {
    if (Options.HeaderPath.empty())
      return "";
    return renderEntryHeader(Context, Source, Plans, Includes, Options.HeaderPath,
                             Options.CodeGen.SourceName, Options.CodeGen.Target,
                             Result.UnquotableInclude);
  }
};

class TranslateAction : public ASTFrontendAction {
public:
  TranslateAction(const TranslateOptions &Options, TranslateResult &Result)
      : Options(Options), Result(Result) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // Clang has validated its own -W options by now; ours go back where
    // warningState() reads them.
    std::vector<std::string> &Warnings = CI.getDiagnosticOpts().Warnings;
    Warnings.insert(Warnings.end(), Options.WarningOptions.begin(),
                    Options.WarningOptions.end());
    // The preprocessor owns its handlers.
    CI.getPreprocessor().AddPragmaHandler(new QdPragmaHandler(Directives));
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<IncludeRecorder>(CI.getSourceManager(), Includes));
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<WarningPragmaRecorder>(CI.getPreprocessor(), Pragmas));
    useWarningPragmas(CI.getDiagnostics(), &Pragmas);
    return true;
  }

  void EndSourceFileAction() override {
    useWarningPragmas(getCompilerInstance().getDiagnostics(), nullptr);
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    // Before preprocessing starts, or the collector misses tokens.
    return std::make_unique<TranslateConsumer>(
        Options, Directives, Includes, Pragmas,
        std::make_unique<syntax::TokenCollector>(CI.getPreprocessor()), Result);
  }

private:
  const TranslateOptions &Options;
  TranslateResult &Result;
  DirectiveList Directives;
  std::vector<IncludeDirective> Includes;
  WarningPragmas Pragmas;
};

class TranslateActionFactory : public tooling::FrontendActionFactory {
public:
  TranslateActionFactory(const TranslateOptions &Options,
                         TranslateResult &Result)
      : Options(Options), Result(Result) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<TranslateAction>(Options, Result);
  }

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    Result.Verifying = Invocation->getDiagnosticOpts().VerifyDiagnostics;
    return FrontendActionFactory::runInvocation(
        std::move(Invocation), Files, std::move(PCHContainerOps), DiagConsumer);
  }

private:
  TranslateOptions Options;
  TranslateResult &Result;
};

} // namespace

std::unique_ptr<tooling::FrontendActionFactory>
newTranslateActionFactory(const TranslateOptions &Options,
                          TranslateResult &Result) {
  return std::make_unique<TranslateActionFactory>(Options, Result);
}

std::string resolveGeneratedLines(llvm::StringRef Text,
                                  llvm::StringRef OutputName) {
  std::string Out;
  Out.reserve(Text.size());
  unsigned LineNumber = 0;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    ++LineNumber;
    if (Line == GeneratedLineMarker)
      Out += lineDirective(LineNumber + 1, OutputName);
    else
      Out += Line.str();
    if (Text.size() > Line.size()) // A newline ended this line.
      Out += '\n';
    Text = Rest;
  }
  return Out;
}

} // namespace qd
