// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ParseHelper.h - Parse a C++ snippet with the qd pragma handler
//------===//
//
// Parses a snippet in memory with clang::tooling::runToolOnCodeWithArgs, with
// QdPragmaHandler registered as TranslateAction does, runs analyzeKernels in
// the AST consumer, and hands the test the ASTContext, the plans and the
// directives while the AST is still alive. Every diagnostic is recorded.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TESTS_UNIT_PARSEHELPER_H
#define QD_TESTS_UNIT_PARSEHELPER_H

#include "analysis/KernelAnalysis.h"
#include "analysis/KernelModel.h"
#include "pragmas/Directive.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace qd::test {

/// One diagnostic as the user would see it.
struct CapturedDiag {
  clang::DiagnosticsEngine::Level Level;
  std::string Message;
  /// Expansion line and column in the snippet; 0 without a location.
  unsigned Line = 0;
  unsigned Column = 0;

  /// "LINE: LEVEL: MESSAGE", e.g. "3: error: unknown directive ...".
  std::string str() const;
};

struct ParseOptions {
  /// Run analyzeKernels in the consumer.
  bool Analyze = true;
  /// Also analyze when clang or the pragma handler already reported an error
  /// (TranslateAction does not).
  bool AnalyzeAfterErrors = false;
  /// Extra in-memory files (name, contents) the snippet may #include.
  std::vector<std::pair<std::string, std::string>> Headers;
  /// What analyzeKernels is told of the target and mode.
  AnalysisOptions Analysis;
};

using InspectFn = std::function<void(
    clang::ASTContext &, std::vector<KernelPlan> &, DirectiveList &)>;

struct ParseResult {
  /// runToolOnCodeWithArgs' answer: false when an error was reported.
  bool Succeeded = false;
  /// The AST consumer ran (and with it the inspect callback).
  bool Inspected = false;
  std::vector<CapturedDiag> Diags;

  /// str() of every diagnostic, in order.
  std::vector<std::string> messages() const;
  /// str() of the diagnostics of one level.
  std::vector<std::string>
  messages(clang::DiagnosticsEngine::Level Level) const;
  unsigned count(clang::DiagnosticsEngine::Level Level) const;
};

/// Parses \p Code as input.cc (C++17) and calls \p Inspect from the AST
/// consumer's HandleTranslationUnit.
ParseResult parse(llvm::StringRef Code, const InspectFn &Inspect = nullptr,
                  ParseOptions Options = {});

// --- AST look-ups for tests ----------------------------------------------

/// The function (or function template pattern) named \p Name with a body,
/// searched through namespaces; null if none.
const clang::FunctionDecl *findFunction(clang::ASTContext &Context,
                                        llvm::StringRef Name);
/// Every 'for' statement under \p S (S included), outer before inner.
std::vector<const clang::ForStmt *> forStmtsIn(const clang::Stmt *S);
/// The first variable (local or parameter) named \p Name in \p FD.
const clang::VarDecl *findVar(const clang::FunctionDecl *FD,
                              llvm::StringRef Name);
/// The source text of \p S, macros expanded to their use site.
std::string sourceText(clang::ASTContext &Context, const clang::Stmt *S);
/// Expansion line of \p Loc.
unsigned lineOf(clang::ASTContext &Context, clang::SourceLocation Loc);
unsigned columnOf(clang::ASTContext &Context, clang::SourceLocation Loc);

/// Names of captured variables, in order.
std::vector<std::string> captureNames(const std::vector<Capture> &Captures);
const char *stepKindName(StepKind K);
/// A compact picture of a step sequence: kinds separated by spaces, a region
/// as "Region[block | block]", e.g. "HostScalar Region[ParallelLoop |
/// SerialTask] SerialTask".
std::string shape(const std::vector<Step> &Steps);

} // namespace qd::test

#endif
