//===- PragmaHandler.cpp --------------------------------------------------===//
#include "PragmaHandler.h"
#include "DiagnosticIds.h"
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

/// Parses '( integer-literal )' after 'block_dim'. Returns false after
/// reporting an error.
bool parseBlockDim(Preprocessor &PP, Token &Tok, unsigned &Value) {
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  SourceLocation ClauseLoc = Tok.getLocation();
  PP.Lex(Tok);
  if (Tok.isNot(tok::l_paren)) {
    report(Diags, Tok.is(tok::eod) ? ClauseLoc : Tok.getLocation(),
           Diag::MalformedBlockDim);
    return false;
  }
  PP.Lex(Tok);
  if (Tok.isNot(tok::numeric_constant)) {
    report(Diags, Tok.getLocation(), Diag::MalformedBlockDim);
    return false;
  }
  SmallString<16> Buffer;
  StringRef Spelling = PP.getSpelling(Tok, Buffer);
  uint64_t N = 0;
  if (Spelling.getAsInteger(0, N)) {
    report(Diags, Tok.getLocation(), Diag::MalformedBlockDim);
    return false;
  }
  SourceLocation NumberLoc = Tok.getLocation();
  PP.Lex(Tok);
  if (Tok.isNot(tok::r_paren)) {
    report(Diags, Tok.getLocation(), Diag::MalformedBlockDim);
    return false;
  }
  if (N == 0 || N > MaxBlockDim) {
    report(Diags, NumberLoc, Diag::BlockDimOutOfRange) << Spelling;
    return false;
  }
  Value = static_cast<unsigned>(N);
  PP.Lex(Tok);
  return true;
}

std::optional<DirectiveKind> parseKind(StringRef Name) {
  if (Name == "kernel")
    return DirectiveKind::Kernel;
  if (Name == "stream_parallel")
    return DirectiveKind::StreamParallel;
  if (Name == "loop")
    return DirectiveKind::Loop;
  return std::nullopt;
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
        closestMatch(Name, {"kernel", "stream_parallel", "loop"});
    if (Suggestion.empty())
      report(Diags, Tok.getLocation(), Diag::UnknownDirective) << Name;
    else
      report(Diags, Tok.getLocation(), Diag::UnknownDirectiveSuggest)
          << Name << Suggestion;
    skipToEnd(PP, Tok);
    return;
  }

  Directive D{*Kind, Introducer.Loc, Tok.getLocation(), std::nullopt};
  PP.Lex(Tok);
  if (*Kind == DirectiveKind::StreamParallel) {
    // The Python original silently accepted 'stream_parallel(123, ...)'.
    if (Tok.isNot(tok::eod))
      report(Diags, Tok.getLocation(), Diag::StreamParallelTakesNoArguments);
  } else {
    while (Tok.isNot(tok::eod)) {
      if (Tok.isNot(tok::identifier)) {
        report(Diags, Tok.getLocation(), Diag::ExtraTokens)
            << PP.getSpelling(Tok) << directiveName(*Kind);
        break;
      }
      StringRef Clause = Tok.getIdentifierInfo()->getName();
      if (Clause != "block_dim") {
        StringRef Suggestion = closestMatch(Clause, {"block_dim"});
        if (Suggestion.empty())
          report(Diags, Tok.getLocation(), Diag::UnknownClause)
              << Clause << directiveName(*Kind);
        else
          report(Diags, Tok.getLocation(), Diag::UnknownClauseSuggest)
              << Clause << directiveName(*Kind) << Suggestion;
        break;
      }
      if (D.BlockDim) {
        report(Diags, Tok.getLocation(), Diag::DuplicateClause)
            << Clause << directiveName(*Kind);
        break;
      }
      unsigned Value = 0;
      if (!parseBlockDim(PP, Tok, Value)) {
        break;
      }
      D.BlockDim = Value;
    }
  }
  skipToEnd(PP, Tok);
  // A malformed directive is still recorded, so that it is not reported a
  // second time as misplaced and its statement is still analyzed.
  Out.add(D);
}

} // namespace qd
