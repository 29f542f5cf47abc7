// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- PragmaHandler.h - Parses '#pragma qd ...' ------------------*- C++ -*-===//
#ifndef QD_TRANSLATOR_PRAGMAHANDLER_H
#define QD_TRANSLATOR_PRAGMAHANDLER_H

#include "pragmas/Directive.h"
#include "clang/Lex/Pragma.h"

namespace qd {

/// Handles the 'qd' pragma namespace: checks the directive and its clauses
/// and records it in a DirectiveList. Attaching a directive to the code after
/// it happens later, on the AST, where statements are known.
class QdPragmaHandler : public clang::PragmaHandler {
public:
  explicit QdPragmaHandler(DirectiveList &Out)
      : clang::PragmaHandler("qd"), Out(Out) {}

  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override;

private:
  DirectiveList &Out;
};

/// The closest of \p Candidates to \p Word within a small edit distance, or
/// an empty string: the "did you mean" of our diagnostics.
llvm::StringRef closestMatch(llvm::StringRef Word,
                             llvm::ArrayRef<llvm::StringRef> Candidates);

} // namespace qd

#endif
