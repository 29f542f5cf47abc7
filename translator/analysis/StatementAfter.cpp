// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- StatementAfter.cpp - The statement a directive marks ---------------===//
#include "analysis/StatementAfter.h"
#include <vector>

using namespace clang;

namespace qd {

const Stmt *statementAfter(const Stmt *Body, SourceLocation Loc,
                           const SourceManager &SM) {
  const Stmt *Best = nullptr;
  SourceLocation BestLoc;
  std::vector<const Stmt *> Work{Body};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S)
      continue;
    const SourceLocation B = SM.getExpansionLoc(S->getBeginLoc());
    if (SM.isBeforeInTranslationUnit(Loc, B) &&
        (!Best || SM.isBeforeInTranslationUnit(B, BestLoc))) {
      Best = S;
      BestLoc = B;
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return Best;
}

} // namespace qd
