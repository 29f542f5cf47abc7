// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DataClauseParser.cpp -----------------------------------------------===//
#include "pragmas/DataClauseParser.h"
#include "diagnostics/DiagnosticIds.h"
#include "pragmas/PragmaHandler.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace qd {
namespace {

struct DataClauseInfo {
  llvm::StringRef Name;
  DataClauseKind Kind;
};

// OpenACC 3.3's clauses of each directive, less those for async queues.
constexpr DataClauseInfo RegionClauses[] = {
    {"copyin", DataClauseKind::CopyIn},   {"copyout", DataClauseKind::CopyOut},
    {"copy", DataClauseKind::Copy},       {"create", DataClauseKind::Create},
    {"present", DataClauseKind::Present}};
constexpr DataClauseInfo EnterClauses[] = {
    {"copyin", DataClauseKind::CopyIn}, {"create", DataClauseKind::Create}};
constexpr DataClauseInfo ExitClauses[] = {
    {"copyout", DataClauseKind::CopyOut}, {"delete", DataClauseKind::Delete}};
constexpr DataClauseInfo UpdateClauses[] = {
    {"host", DataClauseKind::Host}, {"device", DataClauseKind::Device},
    // OpenACC's synonym of 'host'.
    {"self", DataClauseKind::Host}};

llvm::ArrayRef<DataClauseInfo> clausesOf(DirectiveKind K) {
  switch (K) {
  case DirectiveKind::EnterData:
    return EnterClauses;
  case DirectiveKind::ExitData:
    return ExitClauses;
  case DirectiveKind::Update:
    return UpdateClauses;
  default:
    return RegionClauses;
  }
}

std::string formsOf(DirectiveKind K) {
  std::string Out;
  llvm::ArrayRef<DataClauseInfo> Clauses = clausesOf(K);
  for (size_t I = 0; I < Clauses.size(); ++I)
    Out += (I == 0 ? "" : I + 1 == Clauses.size() ? " and " : ", ") + ("'" + Clauses[I].Name + "(list)'").str();
  return Out;
}

/// One token of a clause item, as spelled.
struct ItemToken {
  std::string Spelling;
  tok::TokenKind Kind;
  SourceLocation Loc;
  bool Space;
};

std::string joined(llvm::ArrayRef<ItemToken> Tokens) {
  std::string Text;
  for (const ItemToken &T : Tokens) {
    if (!Text.empty() && T.Space)
      Text += ' ';
    Text += T.Spelling;
  }
  return Text;
}

/// Splits an item's tokens into its variable (an expression: 'u',
/// '(*a)', 'chunk->buf') and a trailing section '[first:count]', whose
/// ':' is at the brackets' own level.
bool splitItem(llvm::ArrayRef<ItemToken> Tokens, DataItem &Item) {
  if (Tokens.empty())
    return false;
  size_t SectionBegin = Tokens.size();
  if (Tokens.back().Kind == tok::r_square) {
    // The '[' that matches the last ']'.
    unsigned Depth = 0;
    for (size_t I = Tokens.size(); I-- > 0;) {
      if (Tokens[I].Kind == tok::r_square || Tokens[I].Kind == tok::r_paren)
        ++Depth;
      else if (Tokens[I].Kind == tok::l_square || Tokens[I].Kind == tok::l_paren)
        --Depth;
      if (Depth == 0) {
        SectionBegin = I;
        break;
      }
    }
    // A subscript without ':' is part of the variable ('a[2]').
    size_t Colon = 0;
    Depth = 0;
    for (size_t I = SectionBegin + 1; I + 1 < Tokens.size(); ++I) {
      if (Tokens[I].Kind == tok::l_square || Tokens[I].Kind == tok::l_paren)
        ++Depth;
      else if (Tokens[I].Kind == tok::r_square || Tokens[I].Kind == tok::r_paren)
        --Depth;
      else if (Depth == 0 && Tokens[I].Kind == tok::colon && !Colon)
        Colon = I;
    }
    if (Colon) {
      Item.HasSection = true;
      Item.First = joined(Tokens.slice(SectionBegin + 1, Colon - SectionBegin - 1));
      Item.Count = joined(Tokens.slice(Colon + 1, Tokens.size() - Colon - 2));
      if (Item.Count.empty())
        return false;
    } else {
      SectionBegin = Tokens.size();
    }
  }
  if (SectionBegin == 0)
    return false;
  Item.Name = joined(Tokens.take_front(SectionBegin));
  Item.NameLoc = Tokens.front().Loc;
  Item.Simple = SectionBegin == 1 && Tokens.front().Kind == tok::identifier;
  Item.Text = joined(Tokens);
  for (size_t I = Item.Simple ? 1 : 0; I < Tokens.size(); ++I) {
    const bool Member =
        I > 0 && (Tokens[I - 1].Kind == tok::period ||
                  Tokens[I - 1].Kind == tok::arrow ||
                  Tokens[I - 1].Kind == tok::coloncolon);
    const bool Qualifier =
        I + 1 < Tokens.size() && Tokens[I + 1].Kind == tok::coloncolon;
    if (Tokens[I].Kind == tok::identifier && !Member && !Qualifier)
      Item.HostNames.emplace_back(Tokens[I].Spelling, Tokens[I].Loc);
  }
  return true;
}

/// Parses '( item, ... )' after a clause name.
bool parseList(Preprocessor &PP, Token &Tok, DataClauseKind Kind,
               Directive &D, SourceLocation &ErrorLoc) {
  const SourceLocation ClauseLoc = Tok.getLocation();
  PP.Lex(Tok);
  if (Tok.isNot(tok::l_paren)) {
    ErrorLoc = Tok.is(tok::eod) ? ClauseLoc : Tok.getLocation();
    return false;
  }
  PP.Lex(Tok);
  std::vector<ItemToken> Tokens;
  unsigned Depth = 0;
  while (Tok.isNot(tok::eod)) {
    if (Depth == 0 && Tok.isOneOf(tok::comma, tok::r_paren)) {
      DataItem Item;
      Item.Clause = Kind;
      if (!splitItem(Tokens, Item)) {
        ErrorLoc = Tokens.empty() ? Tok.getLocation() : Tokens.front().Loc;
        return false;
      }
      D.DataItems.push_back(std::move(Item));
      Tokens.clear();
      const bool End = Tok.is(tok::r_paren);
      PP.Lex(Tok);
      if (End)
        return true;
      continue;
    }
    if (Tok.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (Tok.isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) {
      if (Depth == 0)
        break;
      --Depth;
    }
    Tokens.push_back({PP.getSpelling(Tok), Tok.getKind(), Tok.getLocation(),
                      Tok.hasLeadingSpace()});
    PP.Lex(Tok);
  }
  ErrorLoc = Tok.is(tok::eod) ? ClauseLoc : Tok.getLocation();
  return false;
}

} // namespace

void parseDataClauses(Preprocessor &PP, Token &Tok, Directive &D) {
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  llvm::ArrayRef<DataClauseInfo> Clauses = clausesOf(D.Kind);
  while (Tok.isNot(tok::eod)) {
    if (Tok.is(tok::comma)) { // OpenACC allows commas between clauses.
      PP.Lex(Tok);
      continue;
    }
    const std::string Name =
        Tok.is(tok::identifier) || Tok.is(tok::kw_delete) ? PP.getSpelling(Tok) : "";
    const DataClauseInfo *Clause = llvm::find_if(
        Clauses, [&](const DataClauseInfo &C) { return C.Name == Name; });
    if (Clause == Clauses.end()) {
      std::vector<llvm::StringRef> Names;
      for (const DataClauseInfo &C : Clauses)
        Names.push_back(C.Name);
      llvm::StringRef Suggestion = closestMatch(Name, Names);
      if (Suggestion.empty())
        report(Diags, Tok.getLocation(), Diag::UnknownClause)
            << (Name.empty() ? PP.getSpelling(Tok) : Name)
            << directiveName(D.Kind) << formsOf(D.Kind);
      else
        report(Diags, Tok.getLocation(), Diag::UnknownClauseSuggest)
            << Name << directiveName(D.Kind) << Suggestion;
      return;
    }
    SourceLocation ErrorLoc;
    if (!parseList(PP, Tok, Clause->Kind, D, ErrorLoc)) {
      report(Diags, ErrorLoc, Diag::MalformedDataClause) << Clause->Name;
      return;
    }
  }
  if (D.DataItems.empty())
    report(Diags, D.NameLoc, Diag::DataDirectiveWithoutClause)
        << directiveName(D.Kind) << formsOf(D.Kind);
}

} // namespace qd
