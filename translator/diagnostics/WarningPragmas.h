// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- WarningPragmas.h - '#pragma clang diagnostic' for qd warnings -*- C++ -*-===//
//
// Clang users silence one warning at one site with
//   #pragma clang diagnostic push
//   #pragma clang diagnostic ignored "-Wqd-race"
//   ...
//   #pragma clang diagnostic pop
// (or '#pragma GCC diagnostic'). Clang cannot map our custom diagnostics and
// would call "-Wqd-race" an unknown group, so the preprocessor callback here
// reads these pragmas itself, keeps clang quiet about the qd groups, and
// report() asks for the state in force at a warning's location.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_WARNINGPRAGMAS_H
#define QD_TRANSLATOR_WARNINGPRAGMAS_H

#include "diagnostics/DiagnosticIds.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include <string>
#include <vector>

namespace qd {

/// The 'diagnostic' pragmas of one translation unit, in order.
class WarningPragmas {
public:
  enum class Kind { Push, Pop, Set };
  struct Event {
    clang::SourceLocation Loc;
    Kind K;
    /// Set only: the qd flag ("qd-race", or "qd" for all) and its new state.
    std::string Flag;
    WarningState State = WarningState::Warning;
    /// The word 'clang' of '#pragma clang diagnostic'; invalid for the
    /// '#pragma GCC diagnostic' form.
    clang::SourceLocation ClangLoc;
  };

  void add(Event E) { Events.push_back(std::move(E)); }
  const std::vector<Event> &events() const { return Events; }

  /// The state the pragmas before \p Loc give the qd warning \p Flag, or
  /// nullopt where none names it (the command line decides).
  std::optional<WarningState> stateAt(const clang::SourceManager &SM,
                                      clang::SourceLocation Loc,
                                      llvm::StringRef Flag) const;

private:
  std::vector<Event> Events;
};

/// Records '#pragma clang|GCC diagnostic push|pop|ignored|warning|error'
/// lines into \p Out; for those that name a qd group, also hides clang's
/// "unknown warning group" for that one line.
class WarningPragmaRecorder : public clang::PPCallbacks {
public:
  WarningPragmaRecorder(clang::Preprocessor &PP, WarningPragmas &Out)
      : PP(PP), Out(Out) {}

  void PragmaDirective(clang::SourceLocation Loc,
                       clang::PragmaIntroducerKind Introducer) override;

private:
  clang::Preprocessor &PP;
  WarningPragmas &Out;
};

/// Makes report() consult \p Pragmas for warnings emitted through \p Engine,
/// until called again with null.
void useWarningPragmas(const clang::DiagnosticsEngine &Engine,
                       const WarningPragmas *Pragmas);

/// The pragmas registered for \p Engine, or null.
const WarningPragmas *warningPragmasFor(const clang::DiagnosticsEngine &Engine);

} // namespace qd

#endif
