// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- EntrySignatures.h - The two host entry points' signatures -*- C++ -*-===//
//
// Every kernel has two host entry points: its own signature (launch stream =
// the default stream) and the same with a trailing 'qd::StreamRef'. The
// generated source defines them and the entry-point header (--header)
// declares them, from the same text.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_ENTRYSIGNATURES_H
#define QD_TRANSLATOR_ENTRYSIGNATURES_H

#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "codegen/SourceText.h"
#include <string>
#include <vector>

namespace qd {

struct EntrySignatures {
  /// The kernel's declaration as the user wrote it, up to its body.
  std::string Default;
  /// The same without default arguments, plus 'qd::StreamRef qd_stream'.
  std::string Stream;
  /// The parameter list of Stream without its 'qd::StreamRef', for the
  /// functions a calling kernel uses (KernelCallCodeGen.cpp).
  std::string Parameters;
  /// The parameters' names, packs expanded ("xs..."), to forward them.
  std::vector<std::string> Arguments;
};

/// \p FD's parameters as written, default arguments dropped unless
/// \p KeepDefaults; \p FD may be a declaration without a body.
std::string parameterList(const clang::FunctionDecl *FD,
                          const SourceText &Source, bool KeepDefaults = false);

/// Whether \p FD was declared in 'extern "C"', with or without braces.
bool hasCLinkage(const clang::FunctionDecl *FD);

/// \p FD's declarations at namespace scope, in the order of the file (a
/// declaration inside a function body is no place for namespace-scope
/// functions); for a template or one of its specializations, the
/// template's.
std::vector<const clang::FunctionDecl *>
fileScopeDeclarations(const clang::FunctionDecl *FD,
                      const clang::SourceManager &SM);
/// The first of them, the definition when none comes before it.
const clang::FunctionDecl *
firstFileScopeDeclaration(const clang::FunctionDecl *FD,
                          const clang::SourceManager &SM);

/// Whether the functions a calling kernel uses are declared, or defined,
/// after declaration \p D of a kernel with the default arguments \p D
/// gives (KernelDeclarations.cpp, KernelCallCodeGen.cpp): the first
/// declaration, and every one in the main file. Spelled there, a default
/// naming the callee's template parameter or a name of its namespace means
/// what the user meant.
bool givesDefaultsToCallers(const clang::FunctionDecl *D,
                            const clang::SourceManager &SM);

/// Whether a call of \p Callee that takes the default of its parameter
/// \p I leaves it to those functions; else the call spells it.
bool callersTakeDefault(const clang::FunctionDecl *Callee, unsigned I,
                        const clang::SourceManager &SM);

/// Macros in a signature are expanded (see spellUntil in the source).
EntrySignatures entrySignatures(const clang::FunctionDecl *FD,
                                const SourceText &Source);

/// 'template <...>' and a newline for a template kernel, else "".
std::string templateHeader(const clang::FunctionTemplateDecl *Template,
                           const SourceText &Source);
/// '<T, Ns...>' for a template kernel, else "".
std::string templateArguments(const clang::FunctionTemplateDecl *Template);

} // namespace qd

#endif
