// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DiagnosticIds.cpp --------------------------------------------------===//
#include "diagnostics/DiagnosticIds.h"
#include "diagnostics/WarningPragmas.h"
#include "clang/Basic/DiagnosticOptions.h"

using clang::DiagnosticIDs;
using clang::DiagnosticsEngine;

namespace qd {
namespace {

struct DiagSpec {
  DiagnosticIDs::Level Level;
  const char *Flag; // Warnings only.
  const char *Message;
};

DiagSpec specFor(Diag D) {
  switch (D) {
#define QD_ERROR(Name, Message)                                                \
  case Diag::Name:                                                             \
    return {DiagnosticIDs::Error, nullptr, Message};
#define QD_WARNING(Name, Flag, Message)                                        \
  case Diag::Name:                                                             \
    return {DiagnosticIDs::Warning, Flag, Message};
#define QD_NOTE(Name, Message)                                                 \
  case Diag::Name:                                                             \
    return {DiagnosticIDs::Note, nullptr, Message};
#define QD_REMARK(Name, Message)                                               \
  case Diag::Name:                                                             \
    return {DiagnosticIDs::Remark, nullptr, Message};
#include "diagnostics/Diagnostics.def"
  }
  llvm_unreachable("every Diag is in Diagnostics.def");
}

bool namesFlag(llvm::StringRef Option, llvm::StringRef Flag) {
  return Option == Flag || Option == "qd";
}

} // namespace

std::optional<llvm::StringRef> warningFlag(Diag D) {
  DiagSpec Spec = specFor(D);
  if (!Spec.Flag)
    return std::nullopt;
  return llvm::StringRef(Spec.Flag);
}

bool isQdWarningOption(llvm::StringRef Option) {
  Option.consume_front("no-");
  Option.consume_front("error=");
  // Misspelled ones are left to clang, which reports them as unknown.
  return Option == "qd"
#define QD_WARNING(Name, Flag, Message) || Option == Flag
#include "diagnostics/Diagnostics.def"
      ;
}

WarningState warningState(const DiagnosticsEngine &Engine,
                          llvm::StringRef Flag) {
  if (Engine.getIgnoreAllWarnings())
    return WarningState::Ignored;
  bool Enabled = true;
  std::optional<bool> AsError;
  for (llvm::StringRef Option : Engine.getDiagnosticOptions().Warnings) {
    bool Negated = Option.consume_front("no-");
    if (Option.consume_front("error=")) {
      if (!namesFlag(Option, Flag))
        continue;
      AsError = !Negated;
      // As in clang, -Werror=<flag> also turns the warning on.
      if (!Negated)
        Enabled = true;
      continue;
    }
    if (namesFlag(Option, Flag))
      Enabled = !Negated;
  }
  if (!Enabled)
    return WarningState::Ignored;
  return AsError.value_or(Engine.getWarningsAsErrors()) ? WarningState::Error
                                                         : WarningState::Warning;
}

clang::DiagnosticBuilder report(DiagnosticsEngine &Engine,
                                clang::SourceLocation Loc, Diag D) {
  DiagSpec Spec = specFor(D);
  DiagnosticIDs::Level Level = Spec.Level;
  std::string Format = Spec.Message;
  if (Spec.Flag) {
    // Clang appends the flag only for its own warnings; ours carry it in the
    // message, as '[-Wqd-race]' or '[-Werror,-Wqd-race]'.
    WarningState State = warningState(Engine, Spec.Flag);
    // '#pragma clang diagnostic' around the site wins over the command line,
    // except that -w silences everything, as in clang.
    if (const WarningPragmas *Pragmas = warningPragmasFor(Engine);
        Pragmas && !Engine.getIgnoreAllWarnings() && Engine.hasSourceManager())
      if (std::optional<WarningState> AtSite =
              Pragmas->stateAt(Engine.getSourceManager(), Loc, Spec.Flag))
        State = *AtSite;
    Level = State == WarningState::Ignored ? DiagnosticIDs::Ignored
            : State == WarningState::Error ? DiagnosticIDs::Error
                                           : DiagnosticIDs::Warning;
    if (Engine.getDiagnosticOptions().ShowOptionNames)
      Format += std::string(" [") +
                (State == WarningState::Error ? "-Werror," : "") + "-W" +
                Spec.Flag + "]";
  }
  // getCustomDiagID hands back the same ID for the same level and format.
  unsigned ID = Engine.getDiagnosticIDs()->getCustomDiagID(Level, Format);
  return Engine.Report(Loc, ID);
}

} // namespace qd
