// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- EntrySignatures.cpp ------------------------------------------------===//
#include "codegen/EntrySignatures.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace qd {
namespace {

/// Whether no token comes from a macro expansion.
bool allInFile(ArrayRef<syntax::Token> Tokens) {
  return llvm::all_of(Tokens, [](const syntax::Token &T) {
    return T.location().isFileID();
  });
}

/// The signature's text from \p Begin up to, not including, the token at
/// \p End. Macros in it are expanded: the entry-point header is included
/// where the main file's macros are not defined, and the stream overload
/// inserts a parameter that no macro invocation has room for.
std::string spellUntil(const SourceText &Source, SourceLocation Begin,
                       SourceLocation End) {
  ArrayRef<syntax::Token> Tokens = Source.expanded(SourceRange(Begin, End));
  if (Tokens.empty())
    return "";
  Tokens = Tokens.drop_back();
  if (allInFile(Tokens)) {
    const ASTContext &Context = Source.context();
    return Lexer::getSourceText(CharSourceRange::getCharRange(Begin, End),
                                Context.getSourceManager(),
                                Context.getLangOpts())
        .rtrim()
        .str();
  }
  return Source.spell(Tokens);
}

/// The same up to and including the token at \p Last.
std::string spellThrough(const SourceText &Source, SourceLocation Begin,
                         SourceLocation Last) {
  ArrayRef<syntax::Token> Tokens = Source.expanded(SourceRange(Begin, Last));
  if (allInFile(Tokens))
    return Source.range(SourceRange(Begin, Last));
  return Source.spell(Tokens);
}

} // namespace

std::string parameterList(const FunctionDecl *FD, const SourceText &Source,
                          bool KeepDefaults) {
  std::string List;
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    // A default argument inherited from an earlier declaration is spelled
    // there, not in this parameter's text.
    std::string ParamText =
        !KeepDefaults && P->hasDefaultArg() && !P->hasInheritedDefaultArg()
            ? llvm::StringRef(spellUntil(Source, P->getBeginLoc(),
                                         P->getDefaultArgRange().getBegin()))
                  .rtrim(" \t\n=")
                  .str()
            : spellThrough(Source, P->getBeginLoc(), P->getEndLoc());
    List += (I ? ", " : "") + ParamText;
  }
  return List;
}

bool hasCLinkage(const FunctionDecl *FD) {
  return FD->getLanguageLinkage() == CLanguageLinkage;
}

std::vector<const FunctionDecl *>
fileScopeDeclarations(const FunctionDecl *FD, const SourceManager &SM) {
  std::vector<const FunctionDecl *> All;
  auto Consider = [&](const FunctionDecl *D) {
    if (D->getLexicalDeclContext()->getRedeclContext()->isFileContext())
      All.push_back(D);
  };
  const FunctionTemplateDecl *Template = FD->getPrimaryTemplate();
  if (!Template)
    Template = FD->getDescribedFunctionTemplate();
  if (Template)
    for (const RedeclarableTemplateDecl *T : Template->redecls())
      Consider(cast<FunctionTemplateDecl>(T)->getTemplatedDecl());
  else
    for (const FunctionDecl *D : FD->redecls())
      Consider(D);
  llvm::sort(All, [&](const FunctionDecl *A, const FunctionDecl *B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A->getLocation()),
                                        SM.getExpansionLoc(B->getLocation()));
  });
  return All;
}

const FunctionDecl *firstFileScopeDeclaration(const FunctionDecl *FD,
                                              const SourceManager &SM) {
  const std::vector<const FunctionDecl *> All = fileScopeDeclarations(FD, SM);
  return All.empty() ? nullptr : All.front();
}

bool givesDefaultsToCallers(const FunctionDecl *D, const SourceManager &SM) {
  const FunctionDecl *First = firstFileScopeDeclaration(D, SM);
  return D == First || SM.isWrittenInMainFile(SM.getExpansionLoc(D->getLocation()));
}

bool callersTakeDefault(const FunctionDecl *Callee, unsigned I,
                        const SourceManager &SM) {
  for (const FunctionDecl *D : fileScopeDeclarations(Callee, SM))
    if (I < D->getNumParams() && D->getParamDecl(I)->hasDefaultArg() &&
        !D->getParamDecl(I)->hasInheritedDefaultArg() &&
        givesDefaultsToCallers(D, SM))
      return true;
  return false;
}

EntrySignatures entrySignatures(const FunctionDecl *FD,
                                const SourceText &Source) {
  SourceLocation Start = FD->getInnerLocStart();
  SourceLocation BodyStart = FD->getBody()->getBeginLoc();
  FunctionTypeLoc TL = FD->getFunctionTypeLoc();
  SourceLocation RParen = TL ? TL.getRParenLoc() : BodyStart;
  // From ')' to the body (noexcept, a trailing return type), without
  // comments.
  std::string Tail =
      Source.spell(Source.expanded(SourceRange(RParen, BodyStart)).drop_back());
  EntrySignatures Result;
  Result.Default = spellUntil(Source, Start, RParen) + Tail;
  // A kernel that only other kernels of its file call, with internal
  // linkage, leaves both entry points unused: no -Wunused-function.
  const bool Internal = !FD->isExternallyVisible();
  if (Internal)
    Result.Default = "[[maybe_unused]] " + Result.Default;
  // A kernel with C linkage keeps it for its own signature, whatever
  // linkage the text around it gives (KernelCodeGen::renderKernel); the
  // stream overload cannot have it, C having no overloads.
  if (hasCLinkage(FD))
    Result.Default = "extern \"C\" " + Result.Default;

  // The stream overload: the same declaration with default arguments dropped
  // (a trailing parameter cannot follow them) and 'qd::StreamRef' appended.
  Result.Parameters = parameterList(FD, Source);
  for (const ParmVarDecl *P : FD->parameters())
    Result.Arguments.push_back(P->getNameAsString() +
                               (P->isParameterPack() ? "..." : ""));
  Result.Stream =
      (FD->getNumParams()
           ? spellUntil(Source, Start, FD->getParamDecl(0)->getBeginLoc()) +
                 Result.Parameters + ", "
           : spellUntil(Source, Start, RParen)) +
      "qd::StreamRef qd_stream" + Tail;
  if (Internal)
    Result.Stream = "[[maybe_unused]] " + Result.Stream;
  return Result;
}

std::string templateHeader(const FunctionTemplateDecl *Template,
                           const SourceText &Source) {
  if (!Template)
    return "";
  SourceRange R = Template->getTemplateParameters()->getSourceRange();
  return spellThrough(Source, R.getBegin(), R.getEnd()) + "\n";
}

std::string templateArguments(const FunctionTemplateDecl *Template) {
  if (!Template)
    return "";
  std::string Args;
  for (const NamedDecl *P : *Template->getTemplateParameters()) {
    if (!Args.empty())
      Args += ", ";
    Args += P->getName().str();
    if (P->isParameterPack())
      Args += "...";
  }
  return "<" + Args + ">";
}

} // namespace qd
