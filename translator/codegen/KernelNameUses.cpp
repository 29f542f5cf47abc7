// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelNameUses.cpp -------------------------------------------------===//
#include "codegen/KernelNameUses.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace qd {
namespace {

class NameUseFinder : public RecursiveASTVisitor<NameUseFinder> {
public:
  llvm::DenseSet<const FunctionDecl *> Kernels;
  llvm::DenseSet<const Expr *> Callees;
  std::vector<const DeclRefExpr *> Uses;
  /// '&kernel' (parentheses allowed): the whole expression is cast, since
  /// '&static_cast<...>(kernel)' takes the address of a temporary.
  llvm::DenseMap<const DeclRefExpr *, const UnaryOperator *> AddressOf;

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitUnaryOperator(UnaryOperator *Op) {
    if (Op->getOpcode() == UO_AddrOf)
      if (const auto *Ref =
              dyn_cast<DeclRefExpr>(Op->getSubExpr()->IgnoreParens()))
        AddressOf[Ref] = Op;
    return true;
  }
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
    const auto Address = Finder.AddressOf.find(Ref);
    const Expr *Cast = Address == Finder.AddressOf.end()
                           ? static_cast<const Expr *>(Ref)
                           : Address->second;
    if (Cast->getBeginLoc().isMacroID() || Cast->getEndLoc().isMacroID())
      continue;
    Rewrite.InsertTextBefore(Cast->getBeginLoc(), "static_cast<" + Type + ">(");
    Rewrite.InsertTextAfterToken(Cast->getEndLoc(), ")");
  }
}

} // namespace qd
