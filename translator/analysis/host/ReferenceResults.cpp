// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ReferenceResults.cpp - Reductions into reference parameters --------===//
#include "analysis/host/ReferenceResults.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace qd {

namespace {

/// The names of the variables a statement declares anywhere in it.
llvm::StringSet<> declaredNames(const Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::StringSet<> Names;
    bool VisitVarDecl(VarDecl *Var) {
      Names.insert(Var->getName());
      return true;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return std::move(F.Names);
}

bool isResultType(QualType T) {
  if (!T->isLValueReferenceType())
    return false;
  const QualType Pointee = T->getPointeeType();
  return !Pointee.isConstQualified() && !Pointee.isVolatileQualified() &&
         (Pointee->isArithmeticType() || Pointee->isDependentType());
}

} // namespace

std::vector<ReferenceResult>
referenceResults(const FunctionDecl *Kernel, const DirectiveList &Directives,
                 const SourceManager &SM) {
  std::vector<ReferenceResult> Out;
  const Stmt *Body = Kernel->getBody();
  if (!Body)
    return Out;
  const SourceRange Range = Body->getSourceRange();
  auto Inside = [&](SourceLocation L) {
    return !SM.isBeforeInTranslationUnit(L, Range.getBegin()) &&
           !SM.isBeforeInTranslationUnit(Range.getEnd(), L);
  };
  const llvm::StringSet<> Locals = declaredNames(Body);
  for (const ParmVarDecl *P : Kernel->parameters()) {
    if (!isResultType(P->getType()) || Locals.contains(P->getName()))
      continue;
    for (const Directive &D : Directives.all()) {
      if (D.Kind != DirectiveKind::Loop || !Inside(D.Loc))
        continue;
      const auto Item =
          llvm::find_if(D.Reductions, [&](const ReductionItem &I) {
            return I.Name == P->getName();
          });
      if (Item == D.Reductions.end())
        continue;
      if (Out.empty() || Out.back().Param != P)
        Out.push_back({P, Item->NameLoc});
      else if (SM.isBeforeInTranslationUnit(Item->NameLoc,
                                            Out.back().FirstClause))
        Out.back().FirstClause = Item->NameLoc;
    }
  }
  return Out;
}

} // namespace qd
