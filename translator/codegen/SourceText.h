// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SourceText.h - The user's code as generated code copies it -*- C++ -*-===//
//
// Generated code copies the user's expressions and statements. A piece that
// covers whole macro invocations is copied as written, so the user's macros
// (and 'assert') expand in the generated file as they would have in the
// serial one. A piece that a macro expansion holds only part of (a loop's
// bound or body inside 'LOOP(p, n)') has no written text of its own: it is
// spelled from the tokens the parser saw, after expansion. So is a piece
// whose macros hold a qd directive, which must not reach the output as a
// pragma.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_SOURCETEXT_H
#define QD_TRANSLATOR_SOURCETEXT_H

#include "clang/AST/ASTContext.h"
#include "clang/Tooling/Syntax/Tokens.h"
#include <optional>
#include <string>
#include <vector>

namespace qd {

/// A change to a piece of copied text. \p Range is a token range of AST
/// locations (replaced tokens), or a character range of the file (a
/// directive's line): copied from the expansion, the latter becomes an
/// insertion before the first token after it.
struct TextEdit {
  clang::CharSourceRange Range;
  std::string Text;
};

class SourceText {
public:
  /// \p MacroDirectives: where each qd directive that came from a macro
  /// expansion ('_Pragma' inside a '#define') starts.
  SourceText(const clang::ASTContext &Context,
             const clang::syntax::TokenBuffer &Tokens,
             std::vector<clang::SourceLocation> MacroDirectives);

  /// The text of a token range.
  std::string range(clang::SourceRange Range) const;
  /// The text of \p S with the ';' that ends it, and \p Edits applied.
  std::string statement(const clang::Stmt *S,
                        llvm::ArrayRef<TextEdit> Edits = {}) const;
  /// Where the written text of a token range is in the file; invalid when
  /// the range must be copied from its expansion.
  clang::CharSourceRange written(clang::SourceRange Range) const;
  /// The expanded tokens of a token range.
  llvm::ArrayRef<clang::syntax::Token> expanded(clang::SourceRange Range) const;
  const clang::ASTContext &context() const { return Context; }
  /// Tokens spelled as source text, one space where they were not adjacent.
  std::string spell(llvm::ArrayRef<clang::syntax::Token> Tokens) const;

  /// Edits made wherever their tokens are copied: calls renamed to their
  /// device twins (LibraryTwins.h), qualified globals to their bare names
  /// (GlobalAlias).
  void renameEverywhere(llvm::ArrayRef<TextEdit> Edits) {
    Renames.insert(Renames.end(), Edits.begin(), Edits.end());
  }

private:
  const clang::ASTContext &Context;
  const clang::SourceManager &SM;
  const clang::LangOptions &LangOpts;
  const clang::syntax::TokenBuffer &Tokens;
  std::vector<clang::SourceLocation> MacroDirectives;

  std::vector<TextEdit> Renames;

  /// \p Edits and the renames inside \p Range.
  std::vector<TextEdit> editsIn(clang::SourceRange Range,
                                llvm::ArrayRef<TextEdit> Edits) const;
  /// written() of a statement, extended over its ';'.
  clang::CharSourceRange writtenStatement(const clang::Stmt *S) const;
  /// The file's text of \p R with \p Edits; none when \p R or an edit has
  /// no written text.
  std::optional<std::string> writtenText(clang::CharSourceRange R,
                                         llvm::ArrayRef<TextEdit> Edits) const;
  std::string expandedText(llvm::ArrayRef<clang::syntax::Token> Tokens,
                           llvm::ArrayRef<TextEdit> Edits) const;
};

/// The whole line of the directive at \p Hash (backslash-continued lines
/// too), without its newline.
clang::CharSourceRange directiveLine(const clang::SourceManager &SM,
                                     clang::SourceLocation Hash);

} // namespace qd

#endif
