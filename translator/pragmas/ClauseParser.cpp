// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ClauseParser.cpp ---------------------------------------------------===//
#include "pragmas/ClauseParser.h"
#include "diagnostics/DiagnosticIds.h"
#include "pragmas/PragmaHandler.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace qd {

std::optional<StringRef> parseWordArgument(Preprocessor &PP, Token &Tok,
                                           ArrayRef<StringRef> Words) {
  PP.Lex(Tok);
  if (Tok.isNot(tok::l_paren))
    return std::nullopt;
  PP.Lex(Tok);
  if (Tok.isNot(tok::identifier))
    return std::nullopt;
  const StringRef *Word = llvm::find(Words, Tok.getIdentifierInfo()->getName());
  if (Word == Words.end())
    return std::nullopt;
  PP.Lex(Tok);
  if (Tok.isNot(tok::r_paren))
    return std::nullopt;
  PP.Lex(Tok);
  return *Word;
}

namespace {

/// Parses '( integer-literal )' after a clause name into \p Value, leaving
/// \p Tok after the ')'. Returns false, with \p ErrorLoc set, if the clause
/// is malformed; \p NumberLoc is the literal's location.
bool parseIntegerArgument(Preprocessor &PP, Token &Tok, uint64_t &Value,
                          SourceLocation &NumberLoc, SourceLocation &ErrorLoc,
                          SmallVectorImpl<char> &Spelling) {
  SourceLocation ClauseLoc = Tok.getLocation();
  PP.Lex(Tok);
  if (Tok.isNot(tok::l_paren)) {
    ErrorLoc = Tok.is(tok::eod) ? ClauseLoc : Tok.getLocation();
    return false;
  }
  PP.Lex(Tok);
  StringRef Text = Tok.is(tok::numeric_constant) ? PP.getSpelling(Tok, Spelling)
                                                 : StringRef();
  if (Text.empty() || Text.getAsInteger(0, Value)) {
    ErrorLoc = Tok.getLocation();
    return false;
  }
  // getSpelling may return a view of the source rather than fill the buffer.
  Spelling.assign(Text.begin(), Text.end());
  NumberLoc = Tok.getLocation();
  PP.Lex(Tok);
  if (Tok.isNot(tok::r_paren)) {
    ErrorLoc = Tok.getLocation();
    return false;
  }
  PP.Lex(Tok);
  return true;
}

/// Parses '( N )' with an integer literal N from \p Min to \p Max, reporting
/// \p Malformed or \p OutOfRange (with N's spelling and \p Max).
std::optional<unsigned> parseBoundedArgument(Preprocessor &PP, Token &Tok,
                                             uint64_t Min, uint64_t Max,
                                             Diag Malformed, Diag OutOfRange) {
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  uint64_t N = 0;
  SourceLocation NumberLoc, ErrorLoc;
  SmallString<16> Spelling;
  if (!parseIntegerArgument(PP, Tok, N, NumberLoc, ErrorLoc, Spelling)) {
    report(Diags, ErrorLoc, Malformed);
    return std::nullopt;
  }
  if (N < Min || N > Max) {
    report(Diags, NumberLoc, OutOfRange)
        << Spelling.str() << static_cast<unsigned>(Max);
    return std::nullopt;
  }
  return static_cast<unsigned>(N);
}

bool parseBlockDim(Preprocessor &PP, Token &Tok, Directive &D) {
  D.BlockDim = parseBoundedArgument(PP, Tok, 1, MaxBlockDim,
                                    Diag::MalformedBlockDim,
                                    Diag::BlockDimOutOfRange);
  return D.BlockDim.has_value();
}

/// More loops than this in one nest is a mistake, not a program.
constexpr uint64_t MaxCollapse = 8;

bool parseCollapse(Preprocessor &PP, Token &Tok, Directive &D) {
  SourceLocation ClauseLoc = Tok.getLocation();
  D.Collapse = parseBoundedArgument(PP, Tok, 2, MaxCollapse,
                                    Diag::MalformedCollapse,
                                    Diag::CollapseOutOfRange);
  D.CollapseLoc = ClauseLoc;
  return D.Collapse.has_value();
}

bool parseCoarsen(Preprocessor &PP, Token &Tok, Directive &D) {
  SourceLocation ClauseLoc = Tok.getLocation();
  D.Coarsen = parseBoundedArgument(PP, Tok, 1, MaxCoarsen,
                                   Diag::MalformedCoarsen,
                                   Diag::CoarsenOutOfRange);
  D.CoarsenLoc = ClauseLoc;
  return D.Coarsen.has_value();
}

/// 'tile ( on )' or 'tile ( off )'.
bool parseTile(Preprocessor &PP, Token &Tok, Directive &D) {
  D.TileLoc = Tok.getLocation();
  std::optional<StringRef> Word = parseWordArgument(PP, Tok, {"on", "off"});
  D.Tile.reset();
  if (!Word) {
    report(PP.getDiagnostics(), Tok.is(tok::eod) ? D.TileLoc : Tok.getLocation(),
           Diag::MalformedTile);
    return false;
  }
  D.Tile = *Word == "on";
  return true;
}

/// The operator of a 'reduction' clause: a punctuator or 'min'/'max'.
/// Leaves \p Tok after it.
bool parseReductionOp(Preprocessor &PP, Token &Tok, ReductionOp &Op) {
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  if (Tok.isOneOf(tok::colon, tok::r_paren, tok::eod)) {
    report(Diags, Tok.getLocation(), Diag::MalformedReduction);
    return false;
  }
  std::string Spelling = PP.getSpelling(Tok);
  std::optional<ReductionOp> Parsed = reductionOpFromSpelling(Spelling);
  if (!Parsed) {
    // 'reduction(total)' is a variable without an operator: what follows
    // tells. (Preprocessor::LookAhead is not allowed inside a pragma
    // handler; the clause is an error either way, so consuming is fine.)
    SourceLocation Loc = Tok.getLocation();
    bool Identifier = Tok.is(tok::identifier);
    PP.Lex(Tok);
    if (Identifier && Tok.isOneOf(tok::r_paren, tok::comma, tok::eod))
      report(Diags, Loc, Diag::MalformedReduction);
    else
      report(Diags, Loc, Diag::UnknownReductionOperator)
          << Spelling << ReductionOpList;
    return false;
  }
  Op = *Parsed;
  PP.Lex(Tok);
  return true;
}

/// 'reduction ( op : var [, var]... )'.
bool parseReduction(Preprocessor &PP, Token &Tok, Directive &D) {
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  SourceLocation ClauseLoc = Tok.getLocation();
  PP.Lex(Tok);
  auto Malformed = [&](SourceLocation Loc) {
    report(Diags, Loc.isValid() ? Loc : ClauseLoc, Diag::MalformedReduction);
    return false;
  };
  if (Tok.isNot(tok::l_paren))
    return Malformed(Tok.is(tok::eod) ? ClauseLoc : Tok.getLocation());
  PP.Lex(Tok);
  ReductionOp Op;
  if (!parseReductionOp(PP, Tok, Op))
    return false;
  if (Tok.isNot(tok::colon))
    return Malformed(Tok.getLocation());
  PP.Lex(Tok);
  while (true) {
    if (Tok.isNot(tok::identifier))
      return Malformed(Tok.getLocation());
    ReductionItem Item;
    Item.Op = Op;
    Item.Name = Tok.getIdentifierInfo()->getName().str();
    Item.NameLoc = Tok.getLocation();
    Item.ClauseLoc = ClauseLoc;
    for (const ReductionItem &Earlier : D.Reductions) {
      if (Earlier.Name == Item.Name) {
        report(Diags, Item.NameLoc, Diag::ReductionVariableRepeated)
            << Item.Name;
        return false;
      }
    }
    D.Reductions.push_back(std::move(Item));
    PP.Lex(Tok);
    if (Tok.is(tok::r_paren))
      break;
    if (Tok.isNot(tok::comma))
      return Malformed(Tok.getLocation());
    PP.Lex(Tok);
  }
  PP.Lex(Tok);
  return true;
}

/// 'vector': a flag, no argument.
bool parseVector(Preprocessor &PP, Token &Tok, Directive &D) {
  D.Vector = true;
  PP.Lex(Tok);
  return true;
}

/// 'vector_length(N)', N a power of two a block can hold.
bool parseVectorLength(Preprocessor &PP, Token &Tok, Directive &D) {
  SourceLocation ClauseLoc = Tok.getLocation();
  D.VectorLength = parseBoundedArgument(PP, Tok, 1, MaxBlockDim,
                                        Diag::MalformedVectorLength,
                                        Diag::VectorLengthOutOfRange);
  D.VectorLengthLoc = ClauseLoc;
  if (D.VectorLength && (*D.VectorLength & (*D.VectorLength - 1)) != 0) {
    report(PP.getDiagnostics(), ClauseLoc, Diag::VectorLengthOutOfRange)
        << std::to_string(*D.VectorLength) << MaxBlockDim;
    D.VectorLength.reset();
  }
  return D.VectorLength.has_value();
}

/// 'seq': a flag, no argument.
bool parseSeq(Preprocessor &PP, Token &Tok, Directive &D) {
  D.Seq = true;
  D.SeqLoc = Tok.getLocation();
  PP.Lex(Tok);
  return true;
}

bool parseIndependent(Preprocessor &PP, Token &Tok, Directive &D) {
  D.Independent = true;
  PP.Lex(Tok);
  return true;
}

bool parseCheckEvery(Preprocessor &PP, Token &Tok, Directive &D) {
  SourceLocation ClauseLoc = Tok.getLocation();
  D.CheckEvery = parseBoundedArgument(PP, Tok, 1, MaxCheckEvery,
                                      Diag::MalformedCheckEvery,
                                      Diag::CheckEveryOutOfRange);
  D.CheckEveryLoc = ClauseLoc;
  return D.CheckEvery.has_value();
}

/// 'graph': a flag, no argument.
bool parseGraph(Preprocessor &PP, Token &Tok, Directive &D) {
  D.Graph = true;
  PP.Lex(Tok);
  return true;
}

struct ClauseInfo {
  StringRef Name;
  StringRef Form;
  /// The directives that take it.
  bool OnKernel;
  bool OnLoop;
  bool (*Parse)(Preprocessor &, Token &, Directive &);
  /// Whether \p D has it already.
  bool (*Present)(const Directive &);
};

const ClauseInfo Clauses[] = {
    {"block_dim", "block_dim(N)", true, true, parseBlockDim,
     [](const Directive &D) { return D.BlockDim.has_value(); }},
    {"graph", "graph", true, false, parseGraph,
     [](const Directive &D) { return D.Graph; }},
    {"collapse", "collapse(N)", false, true, parseCollapse,
     [](const Directive &D) { return D.Collapse.has_value(); }},
    {"coarsen", "coarsen(N)", false, true, parseCoarsen,
     [](const Directive &D) { return D.Coarsen.has_value(); }},
    {"tile", "tile(on|off)", false, true, parseTile,
     [](const Directive &D) { return D.Tile.has_value(); }},
    // Given more than once, as in OpenMP, to reduce with several operators.
    {"reduction", "reduction(op: var, ...)", false, true, parseReduction,
     [](const Directive &) { return false; }},
    {"independent", "independent", false, true, parseIndependent,
     [](const Directive &D) { return D.Independent; }},
    {"seq", "seq", false, true, parseSeq,
     [](const Directive &D) { return D.Seq; }},
    {"check_every", "check_every(N)", false, true, parseCheckEvery,
     [](const Directive &D) { return D.CheckEvery.has_value(); }},
    {"vector", "vector", false, true, parseVector,
     [](const Directive &D) { return D.Vector; }},
    {"vector_length", "vector_length(N)", false, true, parseVectorLength,
     [](const Directive &D) { return D.VectorLength.has_value(); }},
};

bool takes(DirectiveKind K, const ClauseInfo &C) {
  return K == DirectiveKind::Kernel ? C.OnKernel
                                    : K == DirectiveKind::Loop && C.OnLoop;
}

} // namespace

std::string clauseList(DirectiveKind K) {
  SmallVector<std::string, 4> Forms;
  for (const ClauseInfo &C : Clauses)
    if (takes(K, C))
      Forms.push_back("'" + C.Form.str() + "'");
  std::string Out;
  for (size_t I = 0; I < Forms.size(); ++I)
    Out += (I == 0 ? "" : I + 1 == Forms.size() ? " and " : ", ") + Forms[I];
  return Out;
}

void parseClauses(Preprocessor &PP, Token &Tok, Directive &D) {
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  while (Tok.isNot(tok::eod)) {
    if (Tok.isNot(tok::identifier)) {
      report(Diags, Tok.getLocation(), Diag::ExtraTokens)
          << PP.getSpelling(Tok) << directiveName(D.Kind)
          << clauseList(D.Kind);
      return;
    }
    StringRef Name = Tok.getIdentifierInfo()->getName();
    const ClauseInfo *Clause = llvm::find_if(
        Clauses, [&](const ClauseInfo &C) { return C.Name == Name; });
    if (Clause == std::end(Clauses)) {
      SmallVector<StringRef, 4> Names;
      for (const ClauseInfo &C : Clauses)
        if (takes(D.Kind, C))
          Names.push_back(C.Name);
      StringRef Suggestion = closestMatch(Name, Names);
      if (Suggestion.empty())
        report(Diags, Tok.getLocation(), Diag::UnknownClause)
            << Name << directiveName(D.Kind) << clauseList(D.Kind);
      else
        report(Diags, Tok.getLocation(), Diag::UnknownClauseSuggest)
            << Name << directiveName(D.Kind) << Suggestion;
      return;
    }
    if (!takes(D.Kind, *Clause)) {
      report(Diags, Tok.getLocation(), Diag::ClauseNotOnDirective)
          << Name << directiveName(D.Kind) << clauseList(D.Kind);
      return;
    }
    if (Clause->Present(D)) {
      report(Diags, Tok.getLocation(), Diag::DuplicateClause)
          << Name << directiveName(D.Kind);
      return;
    }
    if (!Clause->Parse(PP, Tok, D))
      return;
  }
  // Checked once every clause is read: 'check_every(4) seq' is fine.
  if (D.CheckEvery && !D.Seq)
    report(Diags, D.CheckEveryLoc, Diag::CheckEveryWithoutSeq);
}

} // namespace qd
