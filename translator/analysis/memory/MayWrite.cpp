// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- MayWrite.cpp -------------------------------------------------------===//
#include "analysis/memory/MayWrite.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace qd {

const VarDecl *writtenVariable(const Expr *E) {
  const DeclRefExpr *Ref = writtenVariableRef(E);
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

const DeclRefExpr *writtenVariableRef(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      if (M->isArrow())
        return nullptr;
      E = M->getBase();
      continue;
    }
    if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *Base = Sub->getBase()->IgnoreParenImpCasts();
      if (!Base->getType()->isArrayType())
        return nullptr;
      E = Base;
      continue;
    }
    break;
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref && isa<VarDecl>(Ref->getDecl()) ? Ref : nullptr;
}

namespace {

bool isNonConstLvalueReference(QualType T) {
  return T->isLValueReferenceType() && !T->getPointeeType().isConstQualified();
}

bool isPointerToNonConst(QualType T) {
  return T->isPointerType() && !T->getPointeeType().isConstQualified();
}

} // namespace

ArgumentUse argumentUse(const CallExpr *Call, unsigned I) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return ArgumentUse::Unknown;
  unsigned First = 0;
  if (isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(FD)) {
    if (I == 0)
      return cast<CXXMethodDecl>(FD)->isConst() ? ArgumentUse::Read
                                                : ArgumentUse::ThroughReference;
    First = 1;
  }
  const unsigned Param = I - First;
  if (Param >= FD->getNumParams())
    return ArgumentUse::Unknown;
  QualType T = FD->getParamDecl(Param)->getType();
  if (isNonConstLvalueReference(T))
    return ArgumentUse::ThroughReference;
  if (isPointerToNonConst(T))
    return ArgumentUse::ThroughPointer;
  return ArgumentUse::Read;
}

const LambdaExpr *lambdaHeldBy(const VarDecl *Var) {
  const Expr *Init = Var ? Var->getInit() : nullptr;
  while (Init) {
    Init = Init->IgnoreImplicit();
    if (const auto *Lambda = dyn_cast<LambdaExpr>(Init))
      return Lambda;
    // 'auto& f = add;', 'auto g = add;': the same lambda.
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Init)) {
      const auto *Held = dyn_cast<VarDecl>(Ref->getDecl());
      if (!Held || Held == Var || !Held->isLocalVarDecl())
        return nullptr;
      Var = Held;
      Init = Held->getInit();
      continue;
    }
    const auto *Construct = dyn_cast<CXXConstructExpr>(Init);
    if (!Construct || Construct->getNumArgs() != 1)
      return nullptr;
    Init = Construct->getArg(0);
  }
  return nullptr;
}

namespace {

class MayWriteFinder : public RecursiveASTVisitor<MayWriteFinder> {
  using Base = RecursiveASTVisitor<MayWriteFinder>;

public:
  MayWriteFinder(llvm::function_ref<bool(const VariableWrite &)> Fn,
                 MayWriteOptions Options)
      : Fn(Fn), Options(Options) {}

  bool TraverseLambdaExpr(LambdaExpr *Lambda) {
    if (!Expanding.insert(Lambda).second)
      return true;
    // A lambda's copies are its own: changing one in a 'mutable' lambda
    // leaves the variable alone.
    for (const LambdaCapture &C : Lambda->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByCopy)
        if (const auto *Var = dyn_cast<VarDecl>(C.getCapturedVar()))
          ++CopiedIn[Var];
    bool Continue = Base::TraverseLambdaExpr(Lambda);
    for (const LambdaCapture &C : Lambda->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByCopy)
        if (const auto *Var = dyn_cast<VarDecl>(C.getCapturedVar()))
          --CopiedIn[Var];
    Expanding.erase(Lambda);
    return Continue && !Stopped;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      note(BO->getLHS(), WriteKind::Assigned);
    return !Stopped;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      note(UO->getSubExpr(), WriteKind::IncrementedOrDecremented);
    else if (UO->getOpcode() == UO_AddrOf)
      note(UO->getSubExpr(), WriteKind::AddressTaken);
    else if (UO->getOpcode() == UO_Deref)
      Accessed.insert(UO->getSubExpr()->IgnoreParens());
    return !Stopped;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
    // 'buf[k]' decays 'buf' only to reach the element.
    Accessed.insert(ASE->getBase()->IgnoreParens());
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    // 'f(p.w)' for a 'const float*' parameter decays to 'float*', then adds
    // const: the pointer that results cannot write.
    if (!Options.ConstAddresses && Cast->getCastKind() == CK_NoOp &&
        Cast->getType()->isPointerType() &&
        !isPointerToNonConst(Cast->getType()))
      if (const auto *Inner =
              dyn_cast<ImplicitCastExpr>(Cast->getSubExpr()->IgnoreParens());
          Inner && Inner->getCastKind() == CK_ArrayToPointerDecay)
        Accessed.insert(Inner);
    if (Cast->getCastKind() == CK_ArrayToPointerDecay &&
        !Accessed.count(Cast) &&
        (Options.ConstAddresses || isPointerToNonConst(Cast->getType())))
      note(Cast->getSubExpr(), WriteKind::AddressTaken);
    return !Stopped;
  }
  bool VisitVarDecl(VarDecl *Var) {
    if (Var->getInit() && isNonConstLvalueReference(Var->getType()))
      note(Var->getInit(), WriteKind::BoundToReference);
    return !Stopped;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    const auto *Method = Call->getMethodDecl();
    const auto *Callee =
        dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParens());
    if (Method && !Method->isStatic() && !Method->isConst() && Callee &&
        !Callee->isArrow())
      note(Callee->getBase(), WriteKind::NonConstMemberCall);
    return !Stopped;
  }
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *FD = Call->getDirectCallee();
    // In a template pattern a held lambda's call is no operator call yet:
    // 'add(v)' names the variable, its closure type being dependent.
    if (!FD && !isa<CXXOperatorCallExpr>(Call))
      expandHeldLambda(Call->getCallee());
    unsigned First = 0;
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call)) {
      const OverloadedOperatorKind K = Op->getOperator();
      if (Op->getNumArgs() >= 1 && (Op->isAssignmentOp() ||
                                    K == OO_PlusPlus || K == OO_MinusMinus)) {
        note(Op->getArg(0), Op->isAssignmentOp()
                                ? WriteKind::Assigned
                                : WriteKind::IncrementedOrDecremented);
        return !Stopped;
      }
      if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(FD)) {
        // A member operator's object is its first argument.
        First = 1;
        if (!Method->isConst() && !Method->isStatic() && Op->getNumArgs() >= 1)
          note(Op->getArg(0), WriteKind::NonConstMemberCall);
        if (K == OO_Call)
          expandHeldLambda(Op->getArg(0));
      }
    }
    for (unsigned I = First; I < Call->getNumArgs() && !Stopped; ++I) {
      // A function given a lambda may call it.
      expandHeldLambda(Call->getArg(I));
      const ArgumentUse Use = argumentUse(Call, I);
      const bool Unresolved = !FD && Call->isTypeDependent();
      if (Use == ArgumentUse::ThroughReference ||
          (Use == ArgumentUse::Unknown && Unresolved &&
           Options.UnresolvedCallsWrite))
        note(Call->getArg(I), WriteKind::PassedByReference);
    }
    return !Stopped;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    const CXXConstructorDecl *Ctor = E->getConstructor();
    for (unsigned I = 0; Ctor && I < E->getNumArgs() && !Stopped; ++I)
      if (I < Ctor->getNumParams() &&
          isNonConstLvalueReference(Ctor->getParamDecl(I)->getType()) &&
          !Ctor->isCopyOrMoveConstructor())
        note(E->getArg(I), WriteKind::PassedByReference);
    return !Stopped;
  }
  bool VisitInitListExpr(InitListExpr *List) {
    // Traversal sees the syntactic form; the members' types are in the
    // semantic one. A template pattern's dependent list is unchecked: it
    // has no type yet.
    const InitListExpr *Semantic =
        List->isSemanticForm() ? List : List->getSemanticForm();
    if (!Semantic)
      return true;
    const QualType T = Semantic->getType();
    if (!T->isVoidType() && !T->isDependentType())
      noteBoundMembers(Semantic);
    else if (Options.UnresolvedCallsWrite)
      for (const Expr *Init : Semantic->inits())
        note(Init, WriteKind::BoundToReferenceMember);
    return !Stopped;
  }
  bool VisitCXXParenListInitExpr(CXXParenListInitExpr *E) {
    if (const RecordDecl *Record = E->getType()->getAsRecordDecl())
      noteBoundFields(Record, E->getUserSpecifiedInitExprs(), nullptr);
    return !Stopped;
  }
  bool VisitCXXUnresolvedConstructExpr(CXXUnresolvedConstructExpr *E) {
    if (Options.UnresolvedCallsWrite)
      for (const Expr *Arg : E->arguments())
        note(Arg, WriteKind::PassedByReference);
    return !Stopped;
  }

  bool Stopped = false;

private:
  llvm::function_ref<bool(const VariableWrite &)> Fn;
  MayWriteOptions Options;
  /// Variables that an enclosing lambda captured by copy: the lambda's own.
  llvm::DenseMap<const VarDecl *, unsigned> CopiedIn;
  llvm::SmallPtrSet<const LambdaExpr *, 4> Expanding;
  /// Array decays that only reach an element.
  llvm::SmallPtrSet<const Expr *, 16> Accessed;
  /// Semantic initializer lists already looked at.
  llvm::SmallPtrSet<const InitListExpr *, 8> BoundLists;

  /// A call of a lambda held in a variable runs its body here: what the body
  /// changes through its by-reference captures changes at the call.
  void expandHeldLambda(const Expr *Callee) {
    // A copy of the variable ('apply(add)' for a by-value parameter) calls
    // the same captures.
    const Expr *E = Callee;
    while (true) {
      E = E->IgnoreImplicit()->IgnoreParens();
      const auto *Construct = dyn_cast<CXXConstructExpr>(E);
      if (!Construct || Construct->getNumArgs() != 1)
        break;
      E = Construct->getArg(0);
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (const LambdaExpr *Lambda = lambdaHeldBy(Var))
      TraverseLambdaExpr(const_cast<LambdaExpr *>(Lambda));
  }

  /// An aggregate whose reference member is bound to a variable may change
  /// it wherever the aggregate goes ('Bumper b{hits}; b.hit();'), even
  /// through a const member function: the binding is the write's place.
  void noteBoundMembers(const InitListExpr *List) {
    if (!BoundLists.insert(List).second)
      return;
    if (List->getType()->isArrayType()) {
      for (const Expr *Init : List->inits())
        if (const auto *Inner = dyn_cast<InitListExpr>(Init->IgnoreImplicit()))
          noteBoundMembers(Inner);
      return;
    }
    if (const RecordDecl *Record = List->getType()->getAsRecordDecl())
      noteBoundFields(Record, List->inits(),
                      List->getInitializedFieldInUnion());
  }
  void noteBoundFields(const RecordDecl *Record,
                       llvm::ArrayRef<Expr *> Inits,
                       const FieldDecl *UnionField) {
    size_t I = 0;
    // An aggregate's bases come first (C++17).
    if (const auto *Class = dyn_cast<CXXRecordDecl>(Record)) {
      if (!Class->hasDefinition())
        return;
      for (const CXXBaseSpecifier &Base : Class->bases()) {
        if (I < Inits.size())
          if (const auto *Inner =
                  dyn_cast<InitListExpr>(Inits[I]->IgnoreImplicit()))
            noteBoundMembers(Inner);
        ++I;
      }
    }
    for (const FieldDecl *Field : Record->fields()) {
      if (Field->isUnnamedBitField())
        continue;
      if (Record->isUnion() && Field != UnionField)
        continue;
      if (I >= Inits.size() || Stopped)
        return;
      const Expr *Init = Inits[I++];
      QualType T = Field->getType();
      if (T->isReferenceType() && !T->getPointeeType().isConstQualified())
        note(Init, WriteKind::BoundToReferenceMember);
      else if (const auto *Inner =
                   dyn_cast<InitListExpr>(Init->IgnoreImplicit()))
        noteBoundMembers(Inner);
    }
  }

  void note(const Expr *E, WriteKind Kind) {
    if (Stopped)
      return;
    const VarDecl *Var = writtenVariable(E);
    if (!Var || CopiedIn.lookup(Var) != 0)
      return;
    if (!Fn({Var, E->IgnoreParenImpCasts(), Kind}))
      Stopped = true;
  }
};

} // namespace

void forEachMayWrite(const Stmt *S,
                     llvm::function_ref<bool(const VariableWrite &)> Fn,
                     MayWriteOptions Options) {
  if (!S)
    return;
  MayWriteFinder Finder(Fn, Options);
  Finder.TraverseStmt(const_cast<Stmt *>(S));
}

std::optional<VariableWrite>
findMayWrite(const Stmt *S, llvm::function_ref<bool(const VarDecl *)> IsTarget,
             MayWriteOptions Options) {
  std::optional<VariableWrite> Found;
  forEachMayWrite(
      S,
      [&](const VariableWrite &W) {
        if (!IsTarget(W.Var))
          return true;
        Found = W;
        return false;
      },
      Options);
  return Found;
}

} // namespace qd
