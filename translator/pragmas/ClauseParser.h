// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ClauseParser.h - Clauses of '#pragma qd kernel' and 'loop' -*- C++ -*-===//
//
// One table of clauses: which directive takes which, and how each parses.
// The pragma handler hands over the tokens after the directive name.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_CLAUSEPARSER_H
#define QD_TRANSLATOR_CLAUSEPARSER_H

#include "pragmas/Directive.h"
#include "clang/Lex/Preprocessor.h"
#include <optional>
#include <string>

namespace qd {

/// Parses clauses from \p Tok up to the end of the pragma line into \p D,
/// reporting malformed, unknown, misplaced and duplicate clauses. Stops at
/// the first error, so that one mistake does not cascade.
void parseClauses(clang::Preprocessor &PP, clang::Token &Tok, Directive &D);

/// Parses '( word )' after a clause name, \p Tok on the name, with word one
/// of \p Words; returns it, \p Tok after the ')'. On a malformed argument
/// returns nullopt with \p Tok on the offending token (or the end of the
/// line), for the caller's diagnostic.
std::optional<llvm::StringRef> parseWordArgument(clang::Preprocessor &PP,
                                                 clang::Token &Tok,
                                                 llvm::ArrayRef<llvm::StringRef> Words);

/// The clauses directive \p K takes, for messages: "'block_dim(N)'", or
/// "'block_dim(N)' and 'collapse(N)'".
std::string clauseList(DirectiveKind K);

} // namespace qd

#endif
