// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelNameUses.cpp -------------------------------------------------===//
#include "KernelNameUses.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace qd {
namespace {

class NameUseFinder : public RecursiveASTVisitor<NameUseFinder> {
public:
  llvm::DenseSet<const FunctionDecl *> Kernels;
  llvm::DenseSet<const Expr *> Callees;
  std::vector<const DeclRefExpr *> Uses;

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitCallExpr(CallExpr *Call) {
    Callees.insert(Call->getCallee()->IgnoreParenImpCasts());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl());
    if (FD && Kernels.contains(FD->getCanonicalDecl()))
      Uses.push_back(Ref);
    return true;
  }
};

} // namespace

bool inKernelDefinition(SourceLocation Loc,
                        const std::vector<KernelPlan> &Plans,
                        const SourceManager &SM) {
  return llvm::any_of(Plans, [&](const KernelPlan &Plan) {
    return !SM.isBeforeInTranslationUnit(Loc, Plan.Definition.getBegin()) &&
           SM.isBeforeInTranslationUnit(Loc, Plan.Definition.getEnd());
  });
}

void rewriteKernelNamesAsValues(ASTContext &Context,
                                const std::vector<KernelPlan> &Plans,
                                Rewriter &Rewrite) {
  NameUseFinder Finder;
  for (const KernelPlan &Plan : Plans)
    if (!Plan.Template) // A template's name is not one function.
      Finder.Kernels.insert(Plan.Function->getCanonicalDecl());
  if (Finder.Kernels.empty())
    return;
  Finder.TraverseDecl(Context.getTranslationUnitDecl());
  const SourceManager &SM = Context.getSourceManager();
  PrintingPolicy Policy(Context.getLangOpts());
  Policy.SuppressScope = false;
  for (const DeclRefExpr *Ref : Finder.Uses) {
    if (Finder.Callees.contains(Ref))
      continue;
    const SourceLocation Begin = Ref->getBeginLoc();
    if (Begin.isMacroID() || !SM.isInMainFile(Begin) ||
        inKernelDefinition(Begin, Plans, SM))
      continue;
    const std::string Type =
        Context.getPointerType(Ref->getDecl()->getType()).getAsString(Policy);
    Rewrite.InsertTextBefore(Begin, "static_cast<" + Type + ">(");
    Rewrite.InsertTextAfterToken(Ref->getEndLoc(), ")");
  }
}

} // namespace qd
