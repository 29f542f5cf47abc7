// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RaceAnalysis.cpp ---------------------------------------------------===//
#include "analysis/memory/RaceAnalysis.h"
#include "analysis/memory/CaptureAnalysis.h"
#include "analysis/memory/MayWrite.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <map>
#include <optional>

using namespace clang;

namespace qd {
namespace {

/// What an expression denotes, relative to the memory it refers to.
enum class Form {
  /// A pointer into the memory: 'a', 'a + i', '&a[i]'.
  Pointer,
  /// An object in the memory: 'a[i]', '*a', 'a->x'.
  Lvalue,
  /// A by-value struct the block received: 'm' for a parameter 'Mesh m'.
  /// Only its pointer members lead to memory.
  Object,
};

/// Memory that blocks may share: a variable from outside the block, plus a
/// path of struct members ("m.x").
struct MemoryKey {
  const ValueDecl *Root = nullptr;
  std::string Path;
  bool operator<(const MemoryKey &Other) const {
    return std::tie(Root, Path) < std::tie(Other.Root, Other.Path);
  }
};

struct Origin {
  MemoryKey Key;
  Form F;
};

std::optional<Form> formOfType(QualType T) {
  if (T.isNull())
    return std::nullopt;
  if (T->isPointerType() || T->isArrayType())
    return Form::Pointer;
  if (T->isReferenceType())
    return T.getNonReferenceType()->isRecordType() ||
                   T.getNonReferenceType()->isDependentType()
               ? std::optional<Form>(Form::Object)
               : std::nullopt;
  if (T->isRecordType() || T->isDependentType())
    return Form::Object;
  return std::nullopt;
}

/// The part of a memory that one subscript touches, when it is provably
/// slice `Index` of `Stride` elements: 'out[k * n + i]' with 'i' the variable
/// of an enclosing 'for (int i = 0; i < n; ...)' and k a constant. Blocks
/// that each write their own slice of one buffer are then not a race.
struct Slice {
  const ValueDecl *Stride;
  llvm::APSInt Index;
};

/// How one block uses one memory.
struct Uses {
  std::string Name;
  SourceLocation FirstUse;
  bool FirstUseWrites = false;
  SourceLocation FirstWrite;
  /// Every use is a subscript into a known slice of `Stride` elements.
  bool AllSliced = true;
  const ValueDecl *Stride = nullptr;
  std::vector<llvm::APSInt> Slices;

  void addSlice(const std::optional<Slice> &S) {
    if (!S || (Stride && Stride != S->Stride)) {
      AllSliced = false;
      return;
    }
    Stride = S->Stride;
    for (const llvm::APSInt &Known : Slices)
      if (llvm::APSInt::isSameValue(Known, S->Index))
        return;
    Slices.push_back(S->Index);
  }
  /// Both blocks provably touch different slices of the memory.
  bool disjointFrom(const Uses &Other) const {
    if (!AllSliced || !Other.AllSliced || Stride != Other.Stride)
      return false;
    for (const llvm::APSInt &A : Slices)
      for (const llvm::APSInt &B : Other.Slices)
        if (llvm::APSInt::isSameValue(A, B))
          return false;
    return true;
  }
};

/// The memories one block uses, in the order it first uses them.
struct BlockUses {
  std::map<MemoryKey, unsigned> Index;
  std::vector<std::pair<MemoryKey, Uses>> List;

  void add(const MemoryKey &Key, SourceLocation Loc, bool Write,
           const std::optional<Slice> &S) {
    auto [It, Inserted] = Index.try_emplace(Key, List.size());
    if (Inserted) {
      std::string Name = Key.Root->getNameAsString() + Key.Path;
      List.push_back({Key, Uses{std::move(Name), Loc, Write, {}}});
    }
    Uses &U = List[It->second].second;
    if (Write && U.FirstWrite.isInvalid())
      U.FirstWrite = Loc;
    U.addSlice(S);
  }
  const Uses *find(const MemoryKey &Key) const {
    auto It = Index.find(Key);
    return It == Index.end() ? nullptr : &List[It->second].second;
  }
};

class BlockScanner : public RecursiveASTVisitor<BlockScanner> {
public:
  BlockScanner(ASTContext &Context, BlockUses &Out)
      : Context(Context), Out(Out) {}

  /// '#pragma qd host' statements, which the host runs as it enqueues the
  /// blocks, one after the other: what they touch is not raced for.
  llvm::SmallPtrSet<const Stmt *, 4> HostCode;

  bool TraverseStmt(Stmt *S) {
    if (S && HostCode.count(S))
      return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }

  bool TraverseForStmt(ForStmt *For) {
    Loops.push_back(For);
    bool Continue = RecursiveASTVisitor::TraverseForStmt(For);
    Loops.pop_back();
    return Continue;
  }

  // Visited before the pointer under it, so the pointer's read knows it is
  // only the base of a sliced subscript.
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *Subscript) {
    const Expr *Base = Subscript->getBase()->IgnoreParenImpCasts();
    if (std::optional<Origin> O = originOf(Base);
        O && O->F == Form::Pointer) {
      if (std::optional<Slice> S = sliceOf(Subscript->getIdx())) {
        SlicedBases[Base] = *S;
      }
    }
    return true;
  }

  bool VisitVarDecl(VarDecl *Var) {
    Locals.insert(Var);
    // 'float *row = a + i * n;' and 'float &x = a[i];' name a's memory.
    if (const Expr *Init = Var->getInit()) {
      std::optional<Origin> O = originOf(Init);
      QualType T = Var->getType();
      if (O && ((T->isPointerType() && O->F == Form::Pointer) ||
                (T->isReferenceType() && O->F == Form::Lvalue)))
        Aliases[Var] = *O;
    }
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    noteRead(Ref);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *Member) {
    noteRead(Member);
    return true;
  }
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *Member) {
    noteRead(Member);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *Op) {
    if (!Op->isAssignmentOp())
      return true;
    // 'p = a + 1;' on a local pointer makes it another name for a's memory.
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(Op->getLHS()->IgnoreParenImpCasts())) {
      const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
      if (Var && Locals.count(Var) && Var->getType()->isPointerType()) {
        if (std::optional<Origin> O = originOf(Op->getRHS());
            O && O->F == Form::Pointer)
          Aliases[Var] = *O;
        return true;
      }
    }
    noteWrite(Op->getLHS(), Form::Lvalue);
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *Op) {
    if (Op->isIncrementDecrementOp())
      noteWrite(Op->getSubExpr(), Form::Lvalue);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call)) {
      OverloadedOperatorKind K = Op->getOperator();
      if (Op->getNumArgs() >= 1 &&
          (Op->isAssignmentOp() || K == OO_PlusPlus || K == OO_MinusMinus))
        noteWrite(Op->getArg(0), Form::Lvalue);
      return true;
    }
    if (const auto *Method = dyn_cast<CXXMemberCallExpr>(Call)) {
      const CXXMethodDecl *Callee = Method->getMethodDecl();
      if (Callee && !Callee->isConst())
        noteWrite(Method->getImplicitObjectArgument(), Form::Lvalue);
    }
    // What a call may change through its arguments: MayWrite.h's rules.
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr *Arg = Call->getArg(I);
      switch (argumentUse(Call, I)) {
      case ArgumentUse::Read:
        break;
      case ArgumentUse::ThroughReference:
        noteWrite(Arg, Form::Lvalue);
        break;
      case ArgumentUse::ThroughPointer:
      case ArgumentUse::Unknown:
        // An unknown callee (dependent, variadic, through a pointer) may
        // write whatever it is given a pointer to.
        noteWrite(Arg, Form::Pointer);
        break;
      }
    }
    return true;
  }

private:
  ASTContext &Context;
  BlockUses &Out;
  std::vector<const ForStmt *> Loops;
  /// Pointers used only as the base of a subscript into a known slice.
  llvm::DenseMap<const Expr *, Slice> SlicedBases;
  llvm::SmallPtrSet<const VarDecl *, 16> Locals;
  llvm::DenseMap<const VarDecl *, Origin> Aliases;
  /// Guards against an initializer that refers to its own variable.
  llvm::SmallPtrSet<const VarDecl *, 4> Resolving;

  std::optional<Origin> originOfVar(const ValueDecl *D) {
    const auto *Var = dyn_cast<VarDecl>(D);
    if (!Var)
      return std::nullopt;
    if (Locals.count(Var)) {
      auto It = Aliases.find(Var);
      if (It == Aliases.end())
        return std::nullopt; // The block's own memory.
      return It->second;
    }
    // A host pointer declared before the region, 'float *p = a + off;', is
    // more of a's memory; host values cannot change on the device.
    if (!isa<ParmVarDecl>(Var) && Var->getType()->isPointerType() &&
        Var->getInit() && Resolving.insert(Var).second) {
      std::optional<Origin> O = originOf(Var->getInit());
      Resolving.erase(Var);
      if (O && O->F == Form::Pointer)
        return O;
    }
    std::optional<Form> F = formOfType(Var->getType());
    if (!F)
      return std::nullopt;
    if (Var->getType()->isReferenceType() && *F != Form::Object)
      F = Form::Lvalue;
    return Origin{{Var, ""}, *F};
  }

  std::optional<Origin> memberOrigin(const Expr *Base, bool Arrow,
                                     StringRef Member, QualType Type) {
    std::optional<Origin> O = originOf(Base);
    if (!O)
      return std::nullopt;
    if (Arrow)
      return O->F == Form::Pointer ? std::optional<Origin>(
                                         Origin{O->Key, Form::Lvalue})
                                   : std::nullopt;
    if (O->F == Form::Lvalue)
      return O; // A member of an object in the memory is in the memory.
    if (O->F != Form::Object)
      return std::nullopt;
    std::optional<Form> F = formOfType(Type);
    if (!F)
      return std::nullopt;
    return Origin{{O->Key.Root, O->Key.Path + "." + Member.str()}, *F};
  }

  std::optional<Origin> originOf(const Expr *E) {
    if (!E)
      return std::nullopt;
    E = E->IgnoreParens();
    if (const auto *Cast = dyn_cast<CastExpr>(E)) {
      std::optional<Origin> O = originOf(Cast->getSubExpr());
      if (!O)
        return std::nullopt;
      switch (Cast->getCastKind()) {
      case CK_LValueToRValue:
        // Loading a pointer from the memory ('a[i]' of a 'float **') gives
        // another pointer, which we do not follow.
        return O->F == Form::Lvalue ? std::nullopt : O;
      case CK_ArrayToPointerDecay:
        return Origin{O->Key, Form::Pointer};
      default:
        return O;
      }
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      return originOfVar(Ref->getDecl());
    if (const auto *Member = dyn_cast<MemberExpr>(E))
      return memberOrigin(Member->getBase(), Member->isArrow(),
                          Member->getMemberDecl()->getName(),
                          Member->getType());
    if (const auto *Member = dyn_cast<CXXDependentScopeMemberExpr>(E)) {
      if (Member->isImplicitAccess())
        return std::nullopt;
      return memberOrigin(Member->getBase(), Member->isArrow(),
                          Member->getMemberNameInfo().getAsString(),
                          Member->getType());
    }
    if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E)) {
      std::optional<Origin> O = originOf(Subscript->getBase());
      if (O && O->F == Form::Pointer)
        return Origin{O->Key, Form::Lvalue};
      return std::nullopt;
    }
    if (const auto *Op = dyn_cast<UnaryOperator>(E)) {
      std::optional<Origin> O = originOf(Op->getSubExpr());
      if (!O)
        return std::nullopt;
      switch (Op->getOpcode()) {
      case UO_Deref:
        return O->F == Form::Pointer
                   ? std::optional<Origin>(Origin{O->Key, Form::Lvalue})
                   : std::nullopt;
      case UO_AddrOf:
        return O->F == Form::Lvalue
                   ? std::optional<Origin>(Origin{O->Key, Form::Pointer})
                   : std::nullopt;
      case UO_PreInc:
      case UO_PreDec:
      case UO_PostInc:
      case UO_PostDec:
        return O->F == Form::Pointer ? O : std::nullopt;
      default:
        return std::nullopt;
      }
    }
    if (const auto *Op = dyn_cast<BinaryOperator>(E)) {
      if (Op->getOpcode() == BO_Comma)
        return originOf(Op->getRHS());
      if (Op->getOpcode() != BO_Add && Op->getOpcode() != BO_Sub)
        return std::nullopt;
      for (const Expr *Side : {Op->getLHS(), Op->getRHS()})
        if (std::optional<Origin> O = originOf(Side);
            O && O->F == Form::Pointer)
          return O;
      return std::nullopt;
    }
    if (const auto *Cond = dyn_cast<AbstractConditionalOperator>(E)) {
      if (std::optional<Origin> O = originOf(Cond->getTrueExpr()))
        return O;
      return originOf(Cond->getFalseExpr());
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
      // Overloaded '[]' and '*' on a class in the memory, or dependent code.
      OverloadedOperatorKind K = Op->getOperator();
      if ((K == OO_Subscript || (K == OO_Star && Op->getNumArgs() == 1)) &&
          Op->getNumArgs() >= 1)
        if (std::optional<Origin> O = originOf(Op->getArg(0)))
          return Origin{O->Key, Form::Lvalue};
      return std::nullopt;
    }
    return std::nullopt;
  }

  std::optional<llvm::APSInt> constant(const Expr *E) const {
    if (!E || E->isValueDependent() || E->isTypeDependent())
      return std::nullopt;
    Expr::EvalResult Result;
    if (!E->EvaluateAsInt(Result, Context))
      return std::nullopt;
    return Result.Val.getInt();
  }

  /// The bound 'n' when \p Var is the variable of an enclosing
  /// 'for (int i = 0; i < n; ...)', so that it runs from 0 below 'n'.
  const VarDecl *boundOfLoopVar(const VarDecl *Var) const {
    for (const ForStmt *For : Loops) {
      const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
      const auto *Cond = dyn_cast_or_null<BinaryOperator>(
          For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
      if (!Init || !Init->isSingleDecl() || Init->getSingleDecl() != Var ||
          !Cond || Cond->getOpcode() != BO_LT || namedVariable(Cond->getLHS()) != Var)
        continue;
      std::optional<llvm::APSInt> Begin = constant(Var->getInit());
      return Begin && Begin->isZero() ? namedVariable(Cond->getRHS()) : nullptr;
    }
    return nullptr;
  }

  /// 'i', 'n + i', 'k * n + i' (any order) with 'i' below 'n' from 0.
  std::optional<Slice> sliceOf(const Expr *Idx) const {
    Idx = Idx->IgnoreParenImpCasts();
    const Expr *Offset = nullptr;
    const Expr *Var = Idx;
    if (const auto *Add = dyn_cast<BinaryOperator>(Idx);
        Add && Add->getOpcode() == BO_Add) {
      const VarDecl *L = namedVariable(Add->getLHS());
      bool LeftIsLoopVar = L && Locals.count(L);
      Var = LeftIsLoopVar ? Add->getLHS() : Add->getRHS();
      Offset = LeftIsLoopVar ? Add->getRHS() : Add->getLHS();
    }
    const VarDecl *LoopVar = namedVariable(Var);
    if (!LoopVar || !Locals.count(LoopVar))
      return std::nullopt;
    // The offset: nothing (slice 0), 'n' (slice 1) or 'k * n' / 'n * k'.
    const VarDecl *Stride = nullptr;
    llvm::APSInt Index(llvm::APInt(64, 0), /*isUnsigned=*/false);
    if (Offset) {
      Offset = Offset->IgnoreParenImpCasts();
      if ((Stride = namedVariable(Offset))) {
        Index = llvm::APSInt(llvm::APInt(64, 1), false);
      } else if (const auto *Mul = dyn_cast<BinaryOperator>(Offset);
                 Mul && Mul->getOpcode() == BO_Mul) {
        std::optional<llvm::APSInt> K = constant(Mul->getLHS());
        Stride = namedVariable(Mul->getRHS());
        if (!K) {
          K = constant(Mul->getRHS());
          Stride = namedVariable(Mul->getLHS());
        }
        if (!K || !Stride)
          return std::nullopt;
        Index = K->extOrTrunc(64);
        Index.setIsSigned(true);
      } else {
        return std::nullopt;
      }
    }
    // The slices are as long as the loop runs: its bound is the stride, and
    // a value the block cannot change, from outside it.
    const VarDecl *Bound = boundOfLoopVar(LoopVar);
    if (!Bound || Locals.count(Bound) || (Stride && Stride != Bound))
      return std::nullopt;
    Stride = Bound;
    return Slice{Stride, Index};
  }

  /// The slice \p E (an lvalue or pointer in shared memory) is known to be
  /// in: a subscript into a slice, or its address.
  std::optional<Slice> sliceOfAccess(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *AddrOf = dyn_cast<UnaryOperator>(E);
        AddrOf && AddrOf->getOpcode() == UO_AddrOf)
      E = AddrOf->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E))
      return sliceOf(Subscript->getIdx());
    return std::nullopt;
  }

  void noteRead(const Expr *E) {
    std::optional<Origin> O = originOf(E);
    if (!O || O->F == Form::Object)
      return;
    std::optional<Slice> S;
    if (auto It = SlicedBases.find(E); It != SlicedBases.end())
      S = It->second;
    Out.add(O->Key, E->getExprLoc(), /*Write=*/false, S);
  }

  /// \p E is written when it denotes an object in shared memory (\p Expected
  /// Lvalue) or a pointer to it that is handed to code that may write
  /// through it (\p Expected Pointer).
  void noteWrite(const Expr *E, Form Expected) {
    std::optional<Origin> O = originOf(E);
    if (O && O->F == Expected)
      Out.add(O->Key, E->getExprLoc(), /*Write=*/true, sliceOfAccess(E));
  }
};

void checkRegion(ASTContext &Context, const Step &Region) {
  DiagnosticsEngine &Diags = Context.getDiagnostics();
  std::vector<BlockUses> Blocks(Region.Blocks.size());
  for (size_t I = 0; I < Region.Blocks.size(); ++I) {
    BlockScanner Scanner(Context, Blocks[I]);
    forEachStep(Region.Blocks[I].Steps, [&](const Step &S) {
      if (S.Kind == StepKind::HostCode)
        Scanner.HostCode.insert(S.S);
    });
    Scanner.TraverseStmt(const_cast<Stmt *>(Region.Blocks[I].Body));
  }
  for (unsigned I = 0; I < Blocks.size(); ++I) {
    for (unsigned J = I + 1; J < Blocks.size(); ++J) {
      for (const auto &[Key, First] : Blocks[I].List) {
        const Uses *Second = Blocks[J].find(Key);
        if (!Second ||
            (First.FirstWrite.isInvalid() && Second->FirstWrite.isInvalid()) ||
            First.disjointFrom(*Second))
          continue;
        // Point at the use in the block that is not the writer (or at the
        // later block's write when both write), and note the writer.
        bool FirstWrites = First.FirstWrite.isValid();
        unsigned Writer = FirstWrites ? I : J;
        unsigned Other = FirstWrites ? J : I;
        const Uses &WriterUses = FirstWrites ? First : *Second;
        const Uses &OtherUses = FirstWrites ? *Second : First;
        bool OtherWrites = OtherUses.FirstWrite.isValid();
        SourceLocation At =
            OtherWrites ? OtherUses.FirstWrite : OtherUses.FirstUse;
        report(Diags, At, Diag::BlockRace)
            << OtherUses.Name << OtherWrites << Other + 1 << Writer + 1;
        report(Diags, WriterUses.FirstWrite, Diag::NoteRaceWrite)
            << Writer + 1 << WriterUses.Name;
        report(Diags, Region.Blocks[Writer].PragmaLoc, Diag::NoteRaceBlock)
            << Writer + 1;
      }
    }
  }
}

} // namespace

void checkBlockRaces(ASTContext &Context, const std::vector<KernelPlan> &Plans) {
  for (const KernelPlan &Plan : Plans)
    forEachStep(Plan.Steps, [&](const Step &S) {
      if (S.Kind == StepKind::Region)
        checkRegion(Context, S);
    });
}

} // namespace qd
