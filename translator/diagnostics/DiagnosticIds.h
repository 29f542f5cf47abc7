// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DiagnosticIds.h - qd-translate's own diagnostics -----------*- C++ -*-===//
//
// Every message the translator emits goes through clang's DiagnosticsEngine,
// so it prints like clang (file:line:col, source line, caret, color) and tests
// can check it with clang's -verify. The diagnostics themselves are listed in
// Diagnostics.def.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_DIAGNOSTICIDS_H
#define QD_TRANSLATOR_DIAGNOSTICIDS_H

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace qd {

enum class Diag {
#define QD_ERROR(Name, Message) Name,
#define QD_WARNING(Name, Flag, Message) Name,
#define QD_NOTE(Name, Message) Name,
#define QD_REMARK(Name, Message) Name,
#include "diagnostics/Diagnostics.def"
};

/// The -W name of a warning ("qd-race"), or nullopt for errors and notes.
std::optional<llvm::StringRef> warningFlag(Diag D);

/// How the -W options given to the compiler treat the qd warning \p Flag.
/// Clang cannot map custom diagnostics itself, so we read the options it
/// recorded: '-w', '-Werror', '-W[no-]<flag>', '-W[no-]error=<flag>', with
/// 'qd' naming every qd warning, later options winning.
enum class WarningState { Ignored, Warning, Error };
WarningState warningState(const clang::DiagnosticsEngine &Engine,
                          llvm::StringRef Flag);

/// True for the -W option bodies (without "-W") that name qd warnings:
/// "qd-race", "no-qd", "error=qd-empty-block". Clang would report them as
/// unknown, so the tool keeps them out of clang's sight while it sets up
/// diagnostics (TranslateOptions::WarningOptions) and adds them afterwards.
bool isQdWarningOption(llvm::StringRef Option);

/// Emits \p D at \p Loc through \p Engine, registering the custom ID on first
/// use. Warnings honor warningState() and end with their flag, as clang's do.
clang::DiagnosticBuilder report(clang::DiagnosticsEngine &Engine,
                                clang::SourceLocation Loc, Diag D);

} // namespace qd

#endif
