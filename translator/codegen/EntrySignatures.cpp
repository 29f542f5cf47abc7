//===- EntrySignatures.cpp ------------------------------------------------===//
#include "EntrySignatures.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace qd {
namespace {

/// The user's text of \p Range (a token range), macros expanded to their
/// use.
std::string tokenText(const ASTContext &Context, SourceRange Range) {
  const SourceManager &SM = Context.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Range), SM, Context.getLangOpts());
  if (R.isInvalid())
    R = CharSourceRange::getTokenRange(SM.getExpansionRange(Range).getAsRange());
  return Lexer::getSourceText(R, SM, Context.getLangOpts()).str();
}

} // namespace

EntrySignatures entrySignatures(const FunctionDecl *FD) {
  const ASTContext &Context = FD->getASTContext();
  const SourceManager &SM = Context.getSourceManager();
  const LangOptions &LO = Context.getLangOpts();
  auto charText = [&](SourceLocation B, SourceLocation E) {
    return Lexer::getSourceText(
               CharSourceRange::getCharRange(SM.getExpansionLoc(B),
                                             SM.getExpansionLoc(E)),
               SM, LO)
        .rtrim()
        .str();
  };
  SourceLocation Start = FD->getInnerLocStart();
  SourceLocation BodyStart = FD->getBody()->getBeginLoc();
  FunctionTypeLoc TL = FD->getFunctionTypeLoc();
  SourceLocation RParen = TL ? TL.getRParenLoc() : BodyStart;
  // What follows ')' (noexcept, a trailing return type), without comments.
  std::string Tail;
  {
    SourceLocation Loc = SM.getExpansionLoc(RParen);
    SourceLocation Stop = SM.getExpansionLoc(BodyStart);
    Token Tok;
    while (SM.isBeforeInTranslationUnit(Loc, Stop) &&
           !Lexer::getRawToken(Loc, Tok, SM, LO, /*IgnoreWhiteSpace=*/true) &&
           SM.isBeforeInTranslationUnit(Tok.getLocation(), Stop)) {
      // getRawToken keeps comments; signatures should not.
      if (Tok.isNot(tok::comment))
        Tail += (Tail.empty() ? "" : " ") + Lexer::getSpelling(Tok, SM, LO);
      Loc = Tok.getEndLoc();
    }
  }
  EntrySignatures Result;
  Result.Default = charText(Start, RParen) + Tail;

  // The stream overload: the same declaration with default arguments dropped
  // (a trailing parameter cannot follow them) and 'qd::StreamRef' appended.
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    std::string ParamText =
        P->hasDefaultArg()
            ? llvm::StringRef(
                  charText(P->getBeginLoc(), P->getDefaultArgRange().getBegin()))
                  .rtrim(" \t\n=")
                  .str()
            : tokenText(Context, P->getSourceRange());
    Result.Parameters += (I ? ", " : "") + ParamText;
    Result.Arguments.push_back(P->getNameAsString() +
                               (P->isParameterPack() ? "..." : ""));
  }
  Result.Stream =
      (FD->getNumParams() ? charText(Start, FD->getParamDecl(0)->getBeginLoc()) +
                                Result.Parameters + ", "
                          : charText(Start, RParen)) +
      "qd::StreamRef qd_stream" + Tail;
  return Result;
}

std::string templateHeader(const FunctionTemplateDecl *Template) {
  if (!Template)
    return "";
  return tokenText(Template->getASTContext(),
                   Template->getTemplateParameters()->getSourceRange()) +
         "\n";
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
