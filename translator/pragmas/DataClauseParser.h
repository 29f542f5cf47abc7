// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DataClauseParser.h - Clauses of OpenACC-style data directives -*- C++ -*-===//
//
// 'copyin(a, p[0:n])' and the rest: lists of variables with optional
// sections, which the kernel clauses' parser (ClauseParser.h) has no form
// for.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_DATACLAUSEPARSER_H
#define QD_TRANSLATOR_DATACLAUSEPARSER_H

#include "pragmas/Directive.h"
#include "clang/Lex/Preprocessor.h"

namespace qd {

/// Parses the clauses of \p D (a Data, EnterData, ExitData or Update
/// directive) from \p Tok to the end of the line into D.DataItems,
/// reporting malformed lists and clauses the directive does not take.
void parseDataClauses(clang::Preprocessor &PP, clang::Token &Tok, Directive &D);

} // namespace qd

#endif
