// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- PragmaHandler.cpp --------------------------------------------------===//
#include "pragmas/PragmaHandler.h"
#include "diagnostics/DiagnosticIds.h"
#include "pragmas/ClauseParser.h"
#include "pragmas/DataClauseParser.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace qd {

StringRef closestMatch(StringRef Word, ArrayRef<StringRef> Candidates) {
  StringRef Best;
  unsigned BestDistance = 3; // Farther than this is a different word.
  for (StringRef C : Candidates) {
    unsigned D = Word.edit_distance(C, /*AllowReplacements=*/true,
                                    /*MaxEditDistance=*/BestDistance);
    if (D < BestDistance) {
      BestDistance = D;
      Best = C;
    }
  }
  return Best;
}

namespace {

/// Skips the rest of the pragma line so one error does not cascade.
void skipToEnd(Preprocessor &PP, Token &Tok) {
  while (Tok.isNot(tok::eod))
    PP.Lex(Tok);
}

std::optional<DirectiveKind> parseKind(StringRef Name) {
  if (Name == "kernel")
    return DirectiveKind::Kernel;
  if (Name == "stream_parallel")
    return DirectiveKind::StreamParallel;
  if (Name == "loop")
    return DirectiveKind::Loop;
  if (Name == "host")
    return DirectiveKind::Host;
  if (Name == "data")
    return DirectiveKind::Data;
  if (Name == "enter")
    return DirectiveKind::EnterData;
  if (Name == "exit")
    return DirectiveKind::ExitData;
  if (Name == "update")
    return DirectiveKind::Update;
  return std::nullopt;
}

/// 'priority ( high )' or 'priority ( low )' on 'stream_parallel'; leaves
/// \p Tok after the ')'.
bool parsePriority(Preprocessor &PP, Token &Tok, Directive &D) {
  D.PriorityLoc = Tok.getLocation();
  std::optional<StringRef> Word = parseWordArgument(PP, Tok, {"high", "low"});
  if (!Word) {
    report(PP.getDiagnostics(),
           Tok.is(tok::eod) ? D.PriorityLoc : Tok.getLocation(),
           Diag::MalformedPriority);
    return false;
  }
  D.Priority = *Word == "high" ? BlockPriority::High : BlockPriority::Low;
  return true;
}

} // namespace

void QdPragmaHandler::HandlePragma(Preprocessor &PP,
                                   PragmaIntroducer Introducer,
                                   Token &FirstToken) {
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  Token Tok;
  PP.Lex(Tok);
  if (Tok.isNot(tok::identifier)) {
    report(Diags, Tok.is(tok::eod) ? FirstToken.getLocation() : Tok.getLocation(),
           Diag::MissingDirective);
    skipToEnd(PP, Tok);
    return;
  }
  StringRef Name = Tok.getIdentifierInfo()->getName();
  std::optional<DirectiveKind> Kind = parseKind(Name);
  if (!Kind) {
    StringRef Suggestion =
        closestMatch(Name, {"kernel", "stream_parallel", "loop", "host", "data",
                            "enter", "exit", "update"});
    if (Suggestion.empty())
      report(Diags, Tok.getLocation(), Diag::UnknownDirective) << Name;
    else
      report(Diags, Tok.getLocation(), Diag::UnknownDirectiveSuggest)
          << Name << Suggestion;
    skipToEnd(PP, Tok);
    return;
  }

  Directive D;
  D.Kind = *Kind;
  D.Loc = Introducer.Loc;
  D.NameLoc = Tok.getLocation();
  PP.Lex(Tok);
  if (*Kind == DirectiveKind::EnterData || *Kind == DirectiveKind::ExitData) {
    // 'enter data' and 'exit data' are two words, as in OpenACC.
    if (Tok.isNot(tok::identifier) || !Tok.getIdentifierInfo()->isStr("data")) {
      report(Diags, Tok.is(tok::eod) ? D.NameLoc : Tok.getLocation(),
             Diag::ExpectedDataAfter)
          << Name;
      skipToEnd(PP, Tok);
      return;
    }
    PP.Lex(Tok);
  }
  if (*Kind == DirectiveKind::Data || *Kind == DirectiveKind::EnterData ||
      *Kind == DirectiveKind::ExitData || *Kind == DirectiveKind::Update) {
    parseDataClauses(PP, Tok, D);
  } else if (*Kind == DirectiveKind::StreamParallel) {
    // The Python original silently accepted 'stream_parallel(123, ...)'.
    auto IsPriority = [&] {
      return Tok.is(tok::identifier) &&
             Tok.getIdentifierInfo()->isStr("priority");
    };
    // A malformed priority is reported by parsePriority, and the rest of the
    // line skipped.
    const bool Parsed = !IsPriority() || parsePriority(PP, Tok, D);
    if (Parsed && IsPriority())
      report(Diags, Tok.getLocation(), Diag::DuplicateClause)
          << "priority" << "stream_parallel";
    else if (Parsed && Tok.isNot(tok::eod))
      report(Diags, Tok.getLocation(), Diag::StreamParallelTakesNoArguments);
  } else if (*Kind == DirectiveKind::Host) {
    // 'reuse' and 'wait', in either order, once each.
    while (Tok.is(tok::identifier)) {
      if (Tok.getIdentifierInfo()->isStr("reuse") && !D.Reuse) {
        D.Reuse = true;
        D.ReuseLoc = Tok.getLocation();
      } else if (Tok.getIdentifierInfo()->isStr("wait") && !D.Wait) {
        D.Wait = true;
        D.WaitLoc = Tok.getLocation();
      } else {
        break;
      }
      PP.Lex(Tok);
    }
    if (Tok.isNot(tok::eod))
      report(Diags, Tok.getLocation(), Diag::HostTakesNoArguments);
  } else {
    parseClauses(PP, Tok, D);
  }
  skipToEnd(PP, Tok);
  // A malformed directive is still recorded, so that it is not reported a
  // second time as misplaced and its statement is still analyzed.
  Out.add(D);
}

} // namespace qd
