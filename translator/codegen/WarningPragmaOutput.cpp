//===- WarningPragmaOutput.cpp --------------------------------------------===//
#include "WarningPragmaOutput.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"

using namespace clang;

namespace qd {
namespace {

bool inside(const SourceManager &SM, SourceLocation Loc,
            const CharSourceRange &Range) {
  const SourceLocation Begin = SM.getExpansionLoc(Range.getBegin());
  const SourceLocation End = SM.getExpansionLoc(Range.getEnd());
  return !SM.isBeforeInTranslationUnit(Loc, Begin) &&
         SM.isBeforeInTranslationUnit(Loc, End);
}

/// The offset of the word \p Word in the pragma line that starts at \p Text
/// ('#', then 'pragma', then the namespace), or npos.
size_t offsetOfWord(StringRef Text, StringRef Word) {
  const StringRef Line = Text.take_until([](char C) { return C == '\n'; });
  size_t At = 0;
  while ((At = Line.find(Word, At)) != StringRef::npos) {
    const bool Starts = At == 0 || Line[At - 1] == ' ' || Line[At - 1] == '\t' ||
                        Line[At - 1] == '#';
    const size_t After = At + Word.size();
    const bool Ends =
        After == Line.size() || Line[After] == ' ' || Line[After] == '\t';
    if (Starts && Ends)
      return At;
    At = After;
  }
  return StringRef::npos;
}

} // namespace

void rewriteWarningPragmasForOutput(
    const WarningPragmas &Pragmas,
    const std::vector<CharSourceRange> &Regenerated, Rewriter &Rewrite) {
  SourceManager &SM = Rewrite.getSourceMgr();
  const FileID Main = SM.getMainFileID();
  for (const WarningPragmas::Event &E : Pragmas.events()) {
    if (SM.getFileID(E.Loc) != Main)
      continue;
    bool Regenerates = false;
    for (const CharSourceRange &Range : Regenerated)
      Regenerates = Regenerates || inside(SM, E.Loc, Range);
    if (Regenerates)
      continue;
    if (E.K == WarningPragmas::Kind::Set) {
      Rewrite.InsertTextBefore(E.Loc, "// read by qd-translate: ");
      continue;
    }
    if (!E.Clang)
      continue;
    bool Invalid = false;
    const char *Text = SM.getCharacterData(E.Loc, &Invalid);
    if (Invalid)
      continue;
    const size_t At = offsetOfWord(Text, "clang");
    if (At != StringRef::npos)
      Rewrite.ReplaceText(E.Loc.getLocWithOffset(At), 5, "GCC");
  }
}

} // namespace qd
