// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- WarningPragmas.cpp -------------------------------------------------===//
#include "diagnostics/WarningPragmas.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include <mutex>

using namespace clang;

namespace qd {
namespace {

std::mutex RegistryMutex;
llvm::DenseMap<const DiagnosticsEngine *, const WarningPragmas *> &registry() {
  static llvm::DenseMap<const DiagnosticsEngine *, const WarningPragmas *> R;
  return R;
}

/// Takes the next word (letters, digits, '_') after spaces from \p Line.
StringRef nextWord(StringRef &Line) {
  Line = Line.ltrim(" \t");
  size_t End = 0;
  while (End < Line.size() && (llvm::isAlnum(Line[End]) || Line[End] == '_'))
    ++End;
  StringRef Word = Line.take_front(End);
  Line = Line.drop_front(End);
  return Word;
}

} // namespace

std::optional<WarningState>
WarningPragmas::stateAt(const SourceManager &SM, SourceLocation Loc,
                        StringRef Flag) const {
  // Each entry: the state a 'Set' gave the flag, or nullopt (not named).
  std::vector<std::optional<WarningState>> Stack{std::nullopt};
  SourceLocation At = SM.getExpansionLoc(Loc);
  for (const Event &E : Events) {
    if (!SM.isBeforeInTranslationUnit(E.Loc, At))
      break;
    switch (E.K) {
    case Kind::Push:
      Stack.push_back(Stack.back());
      break;
    case Kind::Pop:
      // As in clang, a pop without a push is ignored.
      if (Stack.size() > 1)
        Stack.pop_back();
      break;
    case Kind::Set:
      if (E.Flag == Flag || E.Flag == "qd")
        Stack.back() = E.State;
      break;
    }
  }
  return Stack.back();
}

void WarningPragmaRecorder::PragmaDirective(SourceLocation Loc,
                                            PragmaIntroducerKind Introducer) {
  // '_Pragma' and '__pragma' text is not in the file as written; those
  // forms keep clang's behaviour.
  if (Introducer != PIK_HashPragma || !Loc.isFileID())
    return;
  const SourceManager &SM = PP.getSourceManager();
  bool Invalid = false;
  const char *Start = SM.getCharacterData(Loc, &Invalid);
  if (Invalid)
    return;
  StringRef Rest(Start);
  StringRef Line = Rest.take_until([](char C) { return C == '\n'; });
  Line.consume_front("#");
  if (nextWord(Line) != "pragma")
    return;
  StringRef Namespace = nextWord(Line);
  if ((Namespace != "clang" && Namespace != "GCC") ||
      nextWord(Line) != "diagnostic")
    return;
  StringRef Verb = nextWord(Line);
  const SourceLocation ClangLoc =
      Namespace == "clang" ? Loc.getLocWithOffset(Namespace.data() - Start)
                           : SourceLocation();
  if (Verb == "push" || Verb == "pop") {
    Out.add({Loc,
             Verb == "push" ? WarningPragmas::Kind::Push
                            : WarningPragmas::Kind::Pop,
             "", WarningState::Warning, ClangLoc});
    return;
  }
  std::optional<WarningState> State;
  if (Verb == "ignored")
    State = WarningState::Ignored;
  else if (Verb == "warning")
    State = WarningState::Warning;
  else if (Verb == "error" || Verb == "fatal")
    State = WarningState::Error;
  Line = Line.ltrim(" \t");
  if (!State || !Line.consume_front("\"-W"))
    return;
  StringRef Flag = Line.take_until([](char C) { return C == '"'; });
  if (!isQdWarningOption(Flag) || Flag.starts_with("no-") ||
      Flag.starts_with("error="))
    return;
  Out.add({Loc, WarningPragmas::Kind::Set, Flag.str(), *State, ClangLoc});
  // Clang's handler runs next and would warn that the group is unknown; the
  // warning is off from this '#' to the end of the line only.
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  Diags.pushMappings(Loc);
  Diags.setSeverity(diag::warn_pragma_diagnostic_unknown_warning,
                    diag::Severity::Ignored, Loc);
  Diags.popMappings(Loc.getLocWithOffset(Line.end() - Start));
}

void useWarningPragmas(const DiagnosticsEngine &Engine,
                       const WarningPragmas *Pragmas) {
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  if (Pragmas)
    registry()[&Engine] = Pragmas;
  else
    registry().erase(&Engine);
}

const WarningPragmas *warningPragmasFor(const DiagnosticsEngine &Engine) {
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  return registry().lookup(&Engine);
}

} // namespace qd
