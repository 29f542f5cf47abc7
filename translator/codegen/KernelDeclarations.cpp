// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelDeclarations.cpp - Called kernels declared early ------------===//
//
// A caller defined before its callee calls 'qd_enqueue_<callee>' (and, in
// graph mode, 'qd_describe_<callee>'), which the callee's rendering defines
// further down. Like the user's own call, the generated one needs a
// declaration above it: the user's declaration of the callee is where its
// parameter types and namespace are known, so ours follows it, spelled from
// it (its template header with its default arguments, its parameters).
//
//===----------------------------------------------------------------------===//
#include "codegen/KernelDeclarations.h"
#include "codegen/EntrySignatures.h"
#include "codegen/Templates.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace qd {
namespace {

/// Where the main file's text continues after \p D: after its ';'.
SourceLocation endOfDeclaration(const Decl *D, const SourceManager &SM,
                                const LangOptions &LO) {
  const SourceLocation Last = SM.getExpansionRange(D->getEndLoc()).getEnd();
  const SourceLocation AfterSemi =
      Lexer::findLocationAfterToken(Last, tok::semi, SM, LO, false);
  return AfterSemi.isValid() ? AfterSemi
                             : Lexer::getLocForEndOfToken(Last, 0, SM, LO);
}

/// The start of the line after the main file's '#include' that brings in
/// \p Loc, a location in a header; invalid if there is none.
SourceLocation afterInclude(SourceLocation Loc, const SourceManager &SM) {
  FileID File = SM.getFileID(Loc);
  SourceLocation Include;
  while (File != SM.getMainFileID()) {
    Include = SM.getIncludeLoc(File);
    if (Include.isInvalid())
      return {};
    File = SM.getFileID(Include);
  }
  const auto [Id, Offset] = SM.getDecomposedLoc(Include);
  const StringRef Buffer = SM.getBufferData(Id);
  const size_t Newline = Buffer.find('\n', Offset);
  if (Newline == StringRef::npos)
    return {};
  return SM.getLocForStartOfFile(Id).getLocWithOffset(Newline + 1);
}

/// \p Text inside the namespaces that enclose \p D, for a place at global
/// scope.
std::string inNamespaces(const Decl *D, std::string Text) {
  for (const DeclContext *DC = D->getDeclContext(); !DC->isTranslationUnit();
       DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS)
      continue;
    Text = (NS->isInline() ? "inline namespace " : "namespace ") +
           (NS->isAnonymousNamespace() ? "" : NS->getNameAsString() + " ") +
           "{\n" + Text + "}\n";
  }
  return Text;
}

/// The declarations of \p Plan's called-kernel functions, with the default
/// arguments \p First gives, right after \p First.
void declareCalledKernel(const FunctionDecl *First, const KernelPlan &Plan,
                         const SourceText &Source,
                         const CodeGenOptions &Options,
                         const ASTContext &Context,
                         std::vector<TextInsertion> &Result) {
  const SourceManager &SM = Context.getSourceManager();
  const LangOptions &LO = Context.getLangOpts();
  {
    const FunctionTemplateDecl *Template = First->getDescribedFunctionTemplate();
    const Decl *Outer = Template ? static_cast<const Decl *>(Template) : First;
    TemplateData Data;
    Data.set("kernel", First->getNameAsString());
    Data.set("template_header", templateHeader(Template, Source));
    const std::string Params = parameterList(First, Source, /*KeepDefaults=*/true);
    Data.set("params", Params.empty() ? "" : ", " + Params);
    Data.set("graph_variant", !Plan.StreamOnly);
    std::string Declarations =
        renderTemplate(Options.Target, "called_kernel_declaration", Data);
    // Right after a declaration in 'extern "C"', before the kernels of the
    // same braces that call it: the generated functions are C++'s, as
    // where they are defined (KernelCodeGen::renderKernel).
    if (hasCLinkage(First))
      Declarations = "extern \"C++\" {\n" + Declarations + "}\n";

    const std::string Generated =
        Options.LineDirectives ? std::string(GeneratedLineMarker) + "\n" : "";
    auto UserLine = [&](unsigned Line) {
      return Options.LineDirectives
                 ? lineDirective(Line, Options.SourceName) + "\n"
                 : std::string();
    };
    const SourceLocation Declared = SM.getExpansionLoc(Outer->getBeginLoc());
    if (SM.isWrittenInMainFile(Declared)) {
      const SourceLocation After = endOfDeclaration(Outer, SM, LO);
      const auto [File, Offset] = SM.getDecomposedLoc(After);
      const StringRef Rest = SM.getBufferData(File).substr(Offset);
      const size_t Newline = Rest.find('\n');
      if (Newline != StringRef::npos && Rest.take_front(Newline).trim().empty()) {
        const SourceLocation NextLine = After.getLocWithOffset(Newline + 1);
        Result.push_back({NextLine, Generated + Declarations +
                                        UserLine(SM.getExpansionLineNumber(NextLine))});
        return;
      }
      // More of the user's text on that line follows, as its own line.
      Result.push_back({After, "\n" + Generated + Declarations +
                                   UserLine(SM.getExpansionLineNumber(After))});
      return;
    }
    const SourceLocation After = afterInclude(Declared, SM);
    if (After.isInvalid())
      return;
    Result.push_back({After, Generated + inNamespaces(First, Declarations) +
                                 UserLine(SM.getExpansionLineNumber(After))});
  }
}

} // namespace

std::vector<TextInsertion>
calledKernelDeclarations(const ASTContext &Context, const SourceText &Source,
                         const std::vector<KernelPlan> &Plans,
                         const CodeGenOptions &Options) {
  std::vector<TextInsertion> Result;
  if (Options.Target == Target::Cpu)
    return Result;
  const SourceManager &SM = Context.getSourceManager();
  for (const KernelPlan &Plan : Plans) {
    if (!Plan.Called)
      continue;
    const FunctionDecl *First = firstFileScopeDeclaration(Plan.Function, SM);
    for (const FunctionDecl *D : fileScopeDeclarations(Plan.Function, SM)) {
      // After the first declaration, and after each later one in the main
      // file that adds defaults: the defaults the user gave there are ours
      // too, so a caller that takes one passes nothing
      // (KernelCallCodeGen.cpp). The definition defines them.
      if (D->isThisDeclarationADefinition() ||
          (D != First &&
           (!givesDefaultsToCallers(D, SM) ||
            llvm::none_of(D->parameters(), [](const ParmVarDecl *P) {
              return P->hasDefaultArg() && !P->hasInheritedDefaultArg();
            }))))
        continue;
      declareCalledKernel(D, Plan, Source, Options, Context, Result);
    }
  }
  return Result;
}

void commentKernelDeclarationDirectives(const DirectiveList &Directives,
                                        Rewriter &Rewrite) {
  const SourceManager &SM = Rewrite.getSourceMgr();
  for (const Directive &D : Directives.all())
    if (D.Kind == DirectiveKind::Kernel && D.OnDeclaration && !D.Loc.isMacroID())
      Rewrite.ReplaceText(directiveLine(SM, D.Loc),
                          "/* '#pragma qd kernel' on a declaration: the "
                          "definition is the kernel */");
}

} // namespace qd
