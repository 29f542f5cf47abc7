// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- TranslateAction.h - Translates one annotated source -------*- C++ -*-===//
#ifndef QD_TRANSLATOR_TRANSLATEACTION_H
#define QD_TRANSLATOR_TRANSLATEACTION_H

#include "codegen/KernelCodeGen.h"
#include "codegen/UserHeaders.h"
#include "clang/Tooling/Tooling.h"
#include <memory>
#include <string>
#include <vector>

namespace qd {

struct TranslateOptions {
  CodeGenOptions CodeGen;
  /// What '#line' names for generated code: the output's file name.
  std::string OutputName;
  /// The -W options that name qd warnings, without "-W" ("no-qd-race"), in
  /// command-line order. They must not reach clang's own option checks.
  std::vector<std::string> WarningOptions;
  /// Absolute real path of the input root: the user headers whose functions
  /// device code may call lie under it.
  std::string InRoot;
  /// Absolute path the output is written to; the translated copies of user
  /// headers go to <OutputPath>.qd-headers/.
  std::string OutputPath;
  /// Absolute path of the entry-point header (--header), or empty.
  std::string HeaderPath;
  /// Only render the entry-point header, whatever else the parse reports:
  /// the first of two passes when the source includes its own header.
  bool HeaderPass = false;
  /// --remarks: report each parallel loop's launch shape and its accesses
  /// that do not coalesce (LoopRemarks.h), without changing the output.
  bool Remarks = false;
};

/// What translating one file produced. Empty Output with Succeeded false
/// means errors were reported and nothing may be written.
struct TranslateResult {
  bool Succeeded = false;
  std::string Output;
  /// Every file the translation read, for -MD.
  std::vector<std::string> Dependencies;
  /// The compiler arguments asked for clang's -verify: the diagnostics are
  /// checked against the source's 'expected-*' comments, and the tool's
  /// success means they matched.
  bool Verifying = false;
  /// The entry-point header's text, when asked for.
  std::string Header;
  /// Translated copies of user headers.
  std::vector<ExtraOutput> HeaderCopies;
  /// The first path generated code would have to include that a quoted
  /// '#include' cannot hold ('"' or a newline in it); nothing is written.
  std::string UnquotableInclude;
};

/// Creates the frontend action that translates one file: registers the 'qd'
/// pragma handler, analyzes the kernels, and renders the output into \p Result
/// if no error was reported.
std::unique_ptr<clang::tooling::FrontendActionFactory>
newTranslateActionFactory(const TranslateOptions &Options,
                          TranslateResult &Result);

/// Replaces each GeneratedLineMarker line with a '#line' naming its own
/// position in \p Text, so generated code maps to the generated file.
std::string resolveGeneratedLines(llvm::StringRef Text,
                                  llvm::StringRef OutputName);

} // namespace qd

#endif
