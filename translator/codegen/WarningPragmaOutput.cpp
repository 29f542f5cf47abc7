// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- WarningPragmaOutput.cpp --------------------------------------------===//
#include "codegen/WarningPragmaOutput.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

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

} // namespace

void rewriteWarningPragmasForOutput(
    const WarningPragmas &Pragmas,
    const std::vector<CharSourceRange> &Regenerated, Rewriter &Rewrite) {
  SourceManager &SM = Rewrite.getSourceMgr();
  const FileID Main = SM.getMainFileID();
  for (const WarningPragmas::Event &E : Pragmas.events()) {
    if (SM.getFileID(E.Loc) != Main)
      continue;
    if (llvm::any_of(Regenerated, [&](const CharSourceRange &Range) {
          return inside(SM, E.Loc, Range);
        }))
      continue;
    if (E.K == WarningPragmas::Kind::Set)
      Rewrite.InsertTextBefore(E.Loc, "// read by qd-translate: ");
    else if (E.ClangLoc.isValid())
      Rewrite.ReplaceText(E.ClangLoc, 5, "GCC");
  }
}

} // namespace qd
