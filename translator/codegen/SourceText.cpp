// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SourceText.cpp -----------------------------------------------------===//
#include "codegen/SourceText.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"

using namespace clang;

namespace qd {

SourceText::SourceText(const ASTContext &Context,
                       const syntax::TokenBuffer &Tokens,
                       std::vector<SourceLocation> MacroDirectives)
    : Context(Context), SM(Context.getSourceManager()), LangOpts(Context.getLangOpts()),
      Tokens(Tokens), MacroDirectives(std::move(MacroDirectives)) {}

CharSourceRange SourceText::written(SourceRange Range) const {
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Range), SM, LangOpts);
  if (R.isInvalid())
    return R;
  for (SourceLocation D : MacroDirectives)
    if (!SM.isBeforeInTranslationUnit(D, Range.getBegin()) &&
        !SM.isBeforeInTranslationUnit(Range.getEnd(), D))
      return {};
  return R;
}

ArrayRef<syntax::Token> SourceText::expanded(SourceRange Range) const {
  return Tokens.expandedTokens(Range);
}

std::string SourceText::spell(ArrayRef<syntax::Token> Toks) const {
  std::string Out;
  SourceLocation PrevEnd;
  SmallString<32> Buffer;
  for (const syntax::Token &T : Toks) {
    SourceLocation Spelling = SM.getSpellingLoc(T.location());
    StringRef Text = Lexer::getSpelling(Spelling, Buffer, SM, LangOpts);
    // As written inside one macro body or argument; elsewhere one space,
    // which never joins two tokens into one, except where no token can
    // continue or end in the other: after '(', before ')', ']', ',', ';'.
    if (!Out.empty() && Spelling != PrevEnd && Out.back() != '(' &&
        Text != ")" && Text != "]" && Text != "," && Text != ";")
      Out += ' ';
    Out += Text;
    PrevEnd = Spelling.getLocWithOffset(T.length());
  }
  return Out;
}

std::vector<TextEdit> SourceText::editsIn(SourceRange Range,
                                          ArrayRef<TextEdit> Edits) const {
  std::vector<TextEdit> All(Edits.begin(), Edits.end());
  for (const TextEdit &E : Renames)
    if (!SM.isBeforeInTranslationUnit(E.Range.getBegin(), Range.getBegin()) &&
        !SM.isBeforeInTranslationUnit(Range.getEnd(), E.Range.getEnd()))
      All.push_back(E);
  return All;
}

std::optional<std::string>
SourceText::writtenText(CharSourceRange R, ArrayRef<TextEdit> Edits) const {
  if (R.isInvalid())
    return std::nullopt;
  if (Edits.empty())
    return Lexer::getSourceText(R, SM, LangOpts).str();
  Rewriter RW(const_cast<SourceManager &>(SM), LangOpts);
  for (const TextEdit &E : Edits) {
    CharSourceRange ER =
        E.Range.isTokenRange()
            ? written(E.Range.getAsRange())
            : (E.Range.getBegin().isFileID() && E.Range.getEnd().isFileID()
                   ? E.Range
                   : CharSourceRange());
    // An edit with no written text of its own: the whole piece is spelled
    // from its expansion.
    if (ER.isInvalid() || RW.ReplaceText(ER, E.Text))
      return std::nullopt;
  }
  return RW.getRewrittenText(R);
}

std::string SourceText::range(SourceRange Range) const {
  std::vector<TextEdit> Edits = editsIn(Range, {});
  if (std::optional<std::string> Text = writtenText(written(Range), Edits))
    return *Text;
  return expandedText(expanded(Range), Edits);
}

namespace {

/// Whether \p S is written with a ';' its range leaves out, though it may
/// end in a '}': unlike a block or a loop, whose '}' ends it.
bool endsBeforeSemi(const Stmt *S) {
  return isa<Expr>(S) || isa<ReturnStmt>(S);
}

} // namespace

CharSourceRange SourceText::writtenStatement(const Stmt *S) const {
  CharSourceRange R = written(S->getSourceRange());
  if (R.isInvalid())
    return R;
  // An expression statement's range stops before its ';', also where it
  // ends in a '}' ('out[0] = Bounds{v, v};').
  SourceLocation LastLoc = SM.getExpansionRange(S->getEndLoc()).getEnd();
  Token Last;
  if (!Lexer::getRawToken(LastLoc, Last, SM, LangOpts,
                          /*IgnoreWhiteSpace=*/true) &&
      !Last.is(tok::semi) && (!Last.is(tok::r_brace) || endsBeforeSemi(S))) {
    SourceLocation AfterSemi = Lexer::findLocationAfterToken(
        LastLoc, tok::semi, SM, LangOpts,
        /*SkipTrailingWhitespaceAndNewLine=*/false);
    if (AfterSemi.isValid())
      R.setEnd(AfterSemi);
  }
  return R;
}

std::string SourceText::statement(const Stmt *S,
                                  ArrayRef<TextEdit> Edits) const {
  std::vector<TextEdit> All = editsIn(S->getSourceRange(), Edits);
  if (std::optional<std::string> Text = writtenText(writtenStatement(S), All))
    return *Text;
  ArrayRef<syntax::Token> Toks = expanded(S->getSourceRange());
  ArrayRef<syntax::Token> Everything = Tokens.expandedTokens();
  if (!Toks.empty() && Toks.back().kind() != tok::semi &&
      (Toks.back().kind() != tok::r_brace || endsBeforeSemi(S)) &&
      Toks.end() != Everything.end() &&
      Toks.end()->kind() == tok::semi)
    Toks = ArrayRef<syntax::Token>(Toks.begin(), Toks.size() + 1);
  return expandedText(Toks, All);
}

std::string SourceText::expandedText(ArrayRef<syntax::Token> Toks,
                                     ArrayRef<TextEdit> Edits) const {
  // Each edit as the tokens [Begin, End) it replaces; Begin == End inserts.
  struct Placed {
    size_t Begin, End;
    bool OwnLine;
    const std::string *Text;
  };
  std::vector<Placed> Places;
  auto IndexOf = [&](SourceLocation L) {
    return static_cast<size_t>(
        llvm::find_if(Toks, [&](const syntax::Token &T) {
          return T.location() == L;
        }) -
        Toks.begin());
  };
  for (const TextEdit &E : Edits) {
    if (E.Range.isTokenRange()) {
      size_t Begin = IndexOf(E.Range.getBegin());
      size_t Last = IndexOf(E.Range.getEnd());
      if (Begin < Toks.size() && Last < Toks.size() && Begin <= Last)
        Places.push_back({Begin, Last + 1, false, &E.Text});
      continue;
    }
    // A directive's line: what replaces it goes on lines of its own before
    // the statement it preceded.
    size_t At = llvm::partition_point(Toks, [&](const syntax::Token &T) {
                  return SM.isBeforeInTranslationUnit(T.location(),
                                                      E.Range.getBegin());
                }) -
                Toks.begin();
    Places.push_back({At, At, true, &E.Text});
  }
  llvm::stable_sort(Places, [](const Placed &A, const Placed &B) {
    return A.Begin < B.Begin;
  });

  std::string Out;
  size_t I = 0;
  auto Flush = [&](size_t Until) {
    if (I >= Until)
      return;
    if (!Out.empty() && Out.back() != '\n')
      Out += ' ';
    Out += spell(Toks.slice(I, Until - I));
    I = Until;
  };
  for (const Placed &P : Places) {
    if (P.Begin < I)
      continue; // Inside a replaced range.
    Flush(P.Begin);
    if (P.OwnLine) {
      if (!Out.empty() && Out.back() != '\n')
        Out += '\n';
      Out += *P.Text + "\n";
    } else {
      if (!Out.empty() && Out.back() != '\n')
        Out += ' ';
      Out += *P.Text;
    }
    I = std::max(I, P.End);
  }
  Flush(Toks.size());
  return Out;
}

/// The whole line of the directive at \p Hash, without its newline.
CharSourceRange directiveLine(const SourceManager &SM, SourceLocation Hash) {
  const FileID File = SM.getFileID(Hash);
  const unsigned Line = SM.getSpellingLineNumber(Hash);
  const SourceLocation Begin = SM.translateLineCol(File, Line, 1);
  StringRef Buffer = SM.getBufferData(File);
  unsigned Offset = SM.getFileOffset(Begin);
  // A directive continued with backslashes spans several lines.
  while (Offset < Buffer.size() && Buffer[Offset] != '\n') {
    if (Buffer[Offset] == '\\' && Offset + 1 < Buffer.size() &&
        Buffer[Offset + 1] == '\n')
      ++Offset;
    ++Offset;
  }
  return CharSourceRange::getCharRange(Begin,
                                       Begin.getLocWithOffset(Offset - SM.getFileOffset(Begin)));
}

} // namespace qd
