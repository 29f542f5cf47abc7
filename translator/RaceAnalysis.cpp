//===- RaceAnalysis.cpp ---------------------------------------------------===//
#include "RaceAnalysis.h"
#include "DiagnosticIds.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
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

/// How one block uses one memory.
struct Uses {
  std::string Name;
  SourceLocation FirstUse;
  bool FirstUseWrites = false;
  SourceLocation FirstWrite;
};

/// The memories one block uses, in the order it first uses them.
struct BlockUses {
  std::map<MemoryKey, unsigned> Index;
  std::vector<std::pair<MemoryKey, Uses>> List;

  void add(const MemoryKey &Key, SourceLocation Loc, bool Write) {
    auto [It, Inserted] = Index.try_emplace(Key, List.size());
    if (Inserted) {
      std::string Name = Key.Root->getNameAsString() + Key.Path;
      List.push_back({Key, Uses{std::move(Name), Loc, Write, {}}});
    }
    Uses &U = List[It->second].second;
    if (Write && U.FirstWrite.isInvalid())
      U.FirstWrite = Loc;
  }
  const Uses *find(const MemoryKey &Key) const {
    auto It = Index.find(Key);
    return It == Index.end() ? nullptr : &List[It->second].second;
  }
};

bool isConstPointee(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *Pointer = T->getAs<PointerType>())
    return Pointer->getPointeeType().isConstQualified();
  return false;
}

class BlockScanner : public RecursiveASTVisitor<BlockScanner> {
public:
  explicit BlockScanner(BlockUses &Out) : Out(Out) {}

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
    const FunctionDecl *Callee = Call->getDirectCallee();
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr *Arg = Call->getArg(I);
      if (Callee && I < Callee->getNumParams()) {
        QualType Param = Callee->getParamDecl(I)->getType();
        if (Param->isReferenceType() &&
            !Param.getNonReferenceType().isConstQualified())
          noteWrite(Arg, Form::Lvalue);
        else if (Param->isPointerType() && !isConstPointee(Param))
          noteWrite(Arg, Form::Pointer);
      } else {
        // Unknown callee (dependent, variadic, through a pointer): whatever
        // it is given a pointer to, it may write.
        noteWrite(Arg, Form::Pointer);
      }
    }
    return true;
  }

private:
  BlockUses &Out;
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

  void noteRead(const Expr *E) {
    if (std::optional<Origin> O = originOf(E); O && O->F != Form::Object)
      Out.add(O->Key, E->getExprLoc(), /*Write=*/false);
  }

  /// \p E is written when it denotes an object in shared memory (\p Expected
  /// Lvalue) or a pointer to it that is handed to code that may write
  /// through it (\p Expected Pointer).
  void noteWrite(const Expr *E, Form Expected) {
    std::optional<Origin> O = originOf(E);
    if (O && O->F == Expected)
      Out.add(O->Key, E->getExprLoc(), /*Write=*/true);
  }
};

void checkRegion(DiagnosticsEngine &Diags, const Step &Region) {
  std::vector<BlockUses> Blocks(Region.Blocks.size());
  for (size_t I = 0; I < Region.Blocks.size(); ++I) {
    BlockScanner Scanner(Blocks[I]);
    Scanner.TraverseStmt(const_cast<Stmt *>(Region.Blocks[I].Body));
  }
  for (unsigned I = 0; I < Blocks.size(); ++I) {
    for (unsigned J = I + 1; J < Blocks.size(); ++J) {
      for (const auto &[Key, First] : Blocks[I].List) {
        const Uses *Second = Blocks[J].find(Key);
        if (!Second || (First.FirstWrite.isInvalid() &&
                        Second->FirstWrite.isInvalid()))
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

void checkSteps(DiagnosticsEngine &Diags, const std::vector<Step> &Steps) {
  for (const Step &S : Steps)
    if (S.Kind == StepKind::Region)
      checkRegion(Diags, S);
}

} // namespace

void checkBlockRaces(ASTContext &Context, const std::vector<KernelPlan> &Plans) {
  for (const KernelPlan &Plan : Plans)
    checkSteps(Context.getDiagnostics(), Plan.Steps);
}

} // namespace qd
