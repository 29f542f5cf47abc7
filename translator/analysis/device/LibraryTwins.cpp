// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LibraryTwins.cpp ---------------------------------------------------===//
#include "analysis/device/LibraryTwins.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/TypeLoc.h"
#include "llvm/ADT/StringSet.h"
#include <cstring>

using namespace clang;

namespace qd {
namespace {

bool inStd(const Decl *D) {
  return D->getDeclContext()->getRedeclContext()->isStdNamespace();
}

bool isAlgorithm(const NamedDecl *D) {
  D = D->getUnderlyingDecl();
  if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
    D = T->getTemplatedDecl();
  const auto *FD = dyn_cast<FunctionDecl>(D);
  if (!FD || isa<CXXMethodDecl>(FD) || !FD->getIdentifier() || !inStd(FD))
    return false;
  StringRef Name = FD->getName();
  return Name == "min" || Name == "max" || Name == "clamp";
}

bool isLimitsMember(StringRef Name) {
  static const llvm::StringSet<> Names = {
      "min",         "max",       "lowest",        "epsilon",   "round_error",
      "infinity",    "quiet_NaN", "signaling_NaN", "denorm_min"};
  return Names.contains(Name);
}

/// 'numeric_limits' in a qualifier 'std::numeric_limits<T>::': where its
/// name is, or invalid.
SourceLocation limitsNameLoc(NestedNameSpecifierLoc Qualifier) {
  if (!Qualifier)
    return {};
  TypeLoc TL = Qualifier.getTypeLoc();
  if (!TL)
    return {};
  if (auto Elaborated = TL.getAs<ElaboratedTypeLoc>())
    TL = Elaborated.getNamedTypeLoc();
  auto Specialization = TL.getAs<TemplateSpecializationTypeLoc>();
  if (!Specialization)
    return {};
  const TemplateDecl *Template = Specialization.getTypePtr()
                                     ->getTemplateName()
                                     .getAsTemplateDecl();
  if (!Template || Template->getName() != "numeric_limits" || !inStd(Template))
    return {};
  return Specialization.getTemplateNameLoc();
}

/// The algorithms' twins are qd's own (qd/minmax.h); numeric_limits is
/// libcu++'s, public since CUDA 10.2.
LibraryRename rename(SourceLocation Begin, SourceLocation Last,
                     std::string Name) {
  LibraryRename R;
  R.Range = SourceRange(Begin, Last);
  const bool Limits = Name == "std::numeric_limits";
  R.Replacement = Limits ? "cuda::std::numeric_limits"
                         : "qd::" + Name.substr(strlen("std::"));
  R.Header = Limits ? "<cuda/std/limits>" : "<qd/minmax.h>";
  R.Name = std::move(Name);
  return R;
}

} // namespace

std::optional<LibraryRename> libraryTwin(const CallExpr *Call) {
  const Expr *Callee = Call->getCallee()->IgnoreImplicit();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee)) {
    const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl());
    if (!FD)
      return std::nullopt;
    if (isAlgorithm(FD))
      return rename(Ref->getBeginLoc(), Ref->getNameInfo().getLoc(),
                    "std::" + FD->getName().str());
    const auto *Method = dyn_cast<CXXMethodDecl>(FD);
    if (Method && Method->isStatic() && FD->getIdentifier() &&
        isLimitsMember(FD->getName()))
      if (SourceLocation Name = limitsNameLoc(Ref->getQualifierLoc());
          Name.isValid())
        return rename(Ref->getBeginLoc(), Name, "std::numeric_limits");
    return std::nullopt;
  }
  // A template's pattern: 'std::min(a, b)' on dependent operands.
  if (const auto *Lookup = dyn_cast<UnresolvedLookupExpr>(Callee)) {
    if (Lookup->getNumDecls() == 0 || !llvm::all_of(Lookup->decls(), isAlgorithm))
      return std::nullopt;
    return rename(Lookup->getBeginLoc(), Lookup->getNameLoc(),
                  "std::" + Lookup->getName().getAsString());
  }
  // 'std::numeric_limits<T>::max()' on a template parameter T.
  if (const auto *Dependent = dyn_cast<DependentScopeDeclRefExpr>(Callee)) {
    if (!Dependent->getDeclName().isIdentifier() ||
        !isLimitsMember(Dependent->getDeclName().getAsIdentifierInfo()->getName()))
      return std::nullopt;
    if (SourceLocation Name = limitsNameLoc(Dependent->getQualifierLoc());
        Name.isValid())
      return rename(Dependent->getBeginLoc(), Name, "std::numeric_limits");
  }
  return std::nullopt;
}

} // namespace qd
