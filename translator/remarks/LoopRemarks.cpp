// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoopRemarks.cpp ----------------------------------------------------===//
#include "remarks/LoopRemarks.h"
#include "analysis/host/GraphSplits.h"
#include "analysis/loops/AccessAnalysis.h"
#include "analysis/loops/DependenceAnalysis.h"
#include "analysis/loops/LeavingJumps.h"
#include "analysis/loops/ReductionAnalysis.h"
#include "diagnostics/DiagnosticIds.h"
#include "pragmas/ReductionOp.h"
#include "remarks/CoarsenRemarks.h"
#include "remarks/TileRemarks.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

using namespace clang;

namespace qd {
namespace {

std::string quoted(const VarDecl *V) {
  return "'" + V->getNameAsString() + "'";
}

/// "4 * n bytes", "8 bytes", or "n elements" when the element's size is not
/// known (a template parameter). Always the distance, without a sign.
std::string distance(const Access &A, ASTContext &Ctx) {
  Polynomial P = A.Stride.Elements;
  if (!P.str().empty() && P.str()[0] == '-')
    P = P * Polynomial::constant(-1);
  QualType T = A.Element;
  if (!T.isNull() && !T->isDependentType() && !T->isIncompleteType() &&
      T->isConstantSizeType() && !T->isFunctionType()) {
    int64_t Size = Ctx.getTypeSizeInChars(T).getQuantity();
    if (Size > 0)
      return (P * Polynomial::constant(Size)).str() + " bytes";
  }
  return P.str() + " elements";
}

/// The statements of a loop body that a vector loop may be: the body's own
/// statements, or the body itself when it is not a compound statement.
llvm::SmallVector<const Stmt *, 8> directStatements(const Stmt *Body) {
  llvm::SmallVector<const Stmt *, 8> Out;
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    Out.append(CS->body_begin(), CS->body_end());
  else if (Body)
    Out.push_back(Body);
  return Out;
}

/// A loop of the parallel loop's body that could be a vector loop, and the
/// distance of each of its accesses between neighbouring values of its
/// variable.
struct VectorCandidate {
  const VarDecl *Var = nullptr;
  /// "#pragma qd loop vector reduction(+: t)".
  std::string Pragma;
  llvm::DenseMap<const Expr *, IndexStride> Strides;
};

std::vector<VectorCandidate> vectorCandidates(const Stmt *Body,
                                              ASTContext &Ctx) {
  std::vector<VectorCandidate> Out;
  llvm::DenseSet<const VarDecl *> Earlier;
  for (const Stmt *S : directStatements(Body)) {
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          Earlier.insert(V);
      continue;
    }
    const auto *For = dyn_cast<ForStmt>(S);
    LoopForm Form;
    LoopFormMismatch Mismatch;
    // Never suggest what the dependence analysis knows to be wrong, nor a
    // loop whose variable is declared before it ('for (j = 0; ...)'): the
    // group's threads would share it, which a vector loop refuses.
    if (!For || !matchCanonicalLoop(For, Form, Mismatch) || Form.Assigned ||
        findLeavingJump(For->getBody(), LeaveLoop) ||
        findCarriedDependence(Form.Body, {&Form}, Ctx))
      continue;
    // The locals it reduces into, with the clause the vector loop needs.
    const std::optional<llvm::MapVector<const VarDecl *, ReductionOp>> Ops =
        impliedReductions(
            For, [&](const VarDecl *V) { return Earlier.count(V) != 0; }, Ctx);
    if (!Ops)
      continue;
    VectorCandidate C;
    C.Var = Form.Var;
    C.Pragma = "#pragma qd loop vector";
    // One clause per operator, its variables in the order of their writes.
    llvm::MapVector<ReductionOp, std::vector<std::string>> ByOp;
    for (const auto &[V, Op] : *Ops)
      ByOp[Op].push_back(V->getNameAsString());
    for (const auto &[Op, Names] : ByOp) {
      C.Pragma += " reduction(" + reductionOpSpelling(Op).str() + ":";
      for (size_t I = 0; I < Names.size(); ++I)
        C.Pragma += (I ? ", " : " ") + Names[I];
      C.Pragma += ")";
    }
    for (const Access &A : analyzeAccesses(Form.Body, Form.Var, Ctx))
      C.Strides[A.E] = A.Stride;
    Out.push_back(std::move(C));
  }
  return Out;
}

class LoopRemarker {
public:
  explicit LoopRemarker(ASTContext &Ctx)
      : Ctx(Ctx), Diags(Ctx.getDiagnostics()) {}

  /// \p HoldsBackBlocks: the steps are in a block that is not its region's
  /// last, whose later blocks the host enqueues only once a device-condition
  /// loop here has ended.
  void steps(const std::vector<Step> &Steps, bool HoldsBackBlocks = false) {
    for (const Step &S : Steps) {
      if (S.Kind == StepKind::ParallelLoop)
        loop(S);
      if (S.Kind == StepKind::HostLoop && !S.Captures.empty())
        conditionReadBack(S, HoldsBackBlocks);
      else if (S.Kind == StepKind::HostLoop && !StreamOnly)
        hostLoopOnGraph(S);
      if (S.Kind == StepKind::HostIf && !S.GraphTest.empty() && !StreamOnly)
        ifOnGraph(S);
      // The user's own waits and copies, which end a graph-mode call's
      // graph where they stand, or keep the kernel in stream mode.
      if (S.Kind == StepKind::HostCode && S.Wait)
        report(Diags, S.S->getBeginLoc(), Diag::RemarkHostWait)
            << InBlock << splitsGraph(S);
      if (S.Kind == StepKind::CallerResults) {
        const std::string Names = quotedNames(S.Captures);
        report(Diags, cast<CompoundStmt>(S.S)->getRBracLoc(),
               Diag::RemarkCallerResults)
            << Names;
      }
      if (S.Kind == StepKind::DataUpdate)
        report(Diags, S.Data->NameLoc, Diag::RemarkUpdateInKernel)
            << InBlock << splitsGraph(S);
      // A one-thread kernel per iteration: what a host statement of the
      // body costs there.
      if ((S.Kind == StepKind::HostStatement ||
           S.Kind == StepKind::HostScalar) &&
          !S.GraphTest.empty() && !StreamOnly)
        report(Diags, S.S->getBeginLoc(), Diag::RemarkStepOnGraph)
            << (S.Kind == StepKind::HostScalar);
      // The values a conditional node's body sees in slots.
      const std::vector<Capture> Outer = Moved;
      if (S.Kind == StepKind::HostLoop && !S.GraphTest.empty()) {
        Moved.insert(Moved.end(), S.GraphMoved.begin(), S.GraphMoved.end());
        // An 'if' after the loop may test them too (checkGraphLoops).
        MovedBefore.insert(MovedBefore.end(), S.GraphMoved.begin(),
                           S.GraphMoved.end());
      }
      for (const Block &B : S.Blocks) {
        const bool Outer = InBlock;
        InBlock = true;
        steps(B.Steps, &B != &S.Blocks.back());
        InBlock = Outer;
      }
      for (const std::vector<Step> &Branch : S.Branches)
        steps(Branch, HoldsBackBlocks);
      Moved = Outer;
    }
  }

  /// The kernel runs in stream mode even if marked 'graph'.
  bool StreamOnly = false;
  /// Where its graph-mode calls end their graph (KernelPlan::GraphSplits).
  const std::vector<const void *> *GraphSplits = nullptr;
  /// The steps are a stream_parallel block's, on its own stream.
  bool InBlock = false;

private:
  ASTContext &Ctx;
  DiagnosticsEngine &Diags;
  std::vector<Capture> Moved;
  /// The moved values of every node so far, which an IF node after one
  /// reads.
  std::vector<Capture> MovedBefore;

  bool splitsGraph(const Step &S) const {
    return !StreamOnly && GraphSplits &&
           llvm::is_contained(*GraphSplits, graphSplitKey(S));
  }

  /// A host 'if' in a conditional node's body on values the GPU changes.
  void ifOnGraph(const Step &S) {
    const Expr *Cond = cast<IfStmt>(S.S)->getCond();
    std::vector<Capture> Read;
    // In a node's body it reads what that node changes; after a loop,
    // nested or not, what that loop left.
    bool InBody = false;
    llvm::SmallPtrSet<const VarDecl *, 4> Seen;
    for (const std::vector<Capture> *List : {&Moved, &MovedBefore})
      for (const Capture &C : *List)
        if (llvm::any_of(S.GraphTest.front().Captures,
                         [&](const Capture &T) { return T.Var == C.Var; }) &&
            Seen.insert(C.Var).second) {
          Read.push_back(C);
          InBody |= List == &Moved;
        }
    report(Diags, Cond->getBeginLoc(),
           InBody ? Diag::RemarkIfOnGraph : Diag::RemarkIfAfterLoopOnGraph)
        << quotedNames(Read) << (Read.size() > 1) << (S.Branches.size() > 1);
  }

  /// A host-value loop of a graph-mode kernel (analysis/GraphLoops.cpp).
  void hostLoopOnGraph(const Step &S) {
    const Expr *Cond = hostLoopCondition(S.S);
    const SourceLocation At = Cond ? Cond->getBeginLoc() : S.S->getBeginLoc();
    if (!S.GraphTest.empty()) {
      report(Diags, At, Diag::RemarkHostLoopOnGraph)
          << movedNames(S) << (S.GraphMoved.size() > 1);
      hostCodeInLoopNode(S);
    } else if (!S.NoGraphLoop.empty()) {
      report(Diags, At, Diag::RemarkHostLoopUnrolled) << S.NoGraphLoop;
    }
  }

  static std::string movedNames(const Step &S) {
    const std::string Names = quotedNames(S.GraphMoved);
    return Names.empty() ? "nothing the host changes" : Names;
  }

  /// Host code in the body of a loop that graph mode makes a conditional
  /// node: captured once, into a body CUDA restricts.
  void hostCodeInLoopNode(const Step &S) {
    for (const std::vector<Step> &Branch : S.Branches)
      forEachStep(Branch, [&](const Step &Inner) {
        if (Inner.Kind == StepKind::HostCode)
          report(Diags, Inner.S->getBeginLoc(), Diag::RemarkHostCodeInLoopNode);
      });
  }

  void conditionReadBack(const Step &S, bool HoldsBackBlocks) {
    if (!S.GraphTest.empty()) {
      report(Diags, hostLoopCondition(S.S)->getBeginLoc(),
             Diag::RemarkConditionOnGraph)
          << movedNames(S) << (S.GraphMoved.size() > 1);
      hostCodeInLoopNode(S);
      return;
    }
    if (S.CheckEvery) {
      report(Diags, hostLoopCondition(S.S)->getBeginLoc(),
             Diag::RemarkConditionCheckedEvery)
          << S.CheckEvery << HoldsBackBlocks << S.CheckEvery - 1;
      return;
    }
    const std::string Names = quotedNames(S.Captures);
    report(Diags, hostLoopCondition(S.S)->getBeginLoc(),
           Diag::RemarkConditionReadBack)
        << Names << HoldsBackBlocks;
  }
  llvm::DenseSet<const Expr *> Reported;

  /// What would make an access coalesce.
  struct Fix {
    enum { None, Vector, Collapse } Kind = None;
    const VarDecl *Var = nullptr;
    std::string Pragma; // Vector
  };

  void loop(const Step &S) {
    const LoopForm &Fast = S.Collapsed.empty() ? S.Loop : S.Collapsed.back();
    const Stmt *Body = S.deviceCode();
    std::vector<const VarDecl *> Vars{S.Loop.Var};
    for (const LoopForm &L : S.Collapsed)
      Vars.push_back(L.Var);
    std::string VarList;
    for (const VarDecl *V : Vars)
      VarList += (VarList.empty() ? "" : ", ") + quoted(V);
    SourceLocation Loc = S.S->getBeginLoc();

    if (S.Vector) {
      vectorLoop(S, Fast, Body, VarList, Loc);
      return;
    }
    if (S.Collapsed.empty())
      report(Diags, Loc, Diag::RemarkParallelLoop)
          << S.Loop.Var->getName() << S.BlockDim;
    else if (emitTileRemarks(S, Ctx))
      // The block loads the staged operands together, whatever their
      // layout.
      for (const TileOperand &Op : S.Tile->Operands)
        Reported.insert(Op.Reads.begin(), Op.Reads.end());
    else
      emitCoarsenRemarks(S, VarList, Ctx);

    // The other indices of a collapse nest, and the body's loops that could
    // be vector loops, with their accesses' distances.
    std::vector<
        std::pair<const VarDecl *, llvm::DenseMap<const Expr *, IndexStride>>>
        Others;
    for (const VarDecl *V : Vars) {
      if (V == Fast.Var)
        continue;
      Others.emplace_back();
      Others.back().first = V;
      for (const Access &A : analyzeAccesses(Body, V, Ctx))
        Others.back().second[A.E] = A.Stride;
    }
    std::vector<VectorCandidate> Candidates = vectorCandidates(Body, Ctx);

    for (const Access &A : analyzeAccesses(Body, Fast.Var, Ctx)) {
      Fix F;
      for (const auto &[V, Strides] : Others) {
        auto It = Strides.find(A.E);
        if (It != Strides.end() && It->second.isUnit()) {
          F.Kind = Fix::Collapse;
          F.Var = V;
          break;
        }
      }
      for (const VectorCandidate &C : Candidates) {
        if (F.Kind != Fix::None)
          break;
        auto It = C.Strides.find(A.E);
        if (It != C.Strides.end() && It->second.isUnit()) {
          F.Kind = Fix::Vector;
          F.Var = C.Var;
          F.Pragma = C.Pragma;
        }
      }
      access(A, F, unsigned(Vars.size()));
    }
  }

  void vectorLoop(const Step &S, const LoopForm &Fast, const Stmt *Body,
                  const std::string &VarList, SourceLocation Loc) {
    const VectorBody &V = *S.Vector;
    std::string Subject = VarList;
    if (!S.Collapsed.empty())
      Subject += " (collapse(" + std::to_string(S.Collapsed.size() + 1) + "))";
    report(Diags, Loc, Diag::RemarkVectorParallelLoop)
        << Subject << S.BlockDim << V.Length;
    const bool Strided = V.Mapping == VectorMapping::Strided;
    for (const VectorLoop &L : V.Loops) {
      SourceLocation At = L.For ? L.For->getBeginLoc() : L.PragmaLoc;
      if (Strided)
        report(Diags, At, Diag::RemarkVectorStrided)
            << L.Loop.Var->getName() << Fast.Var->getName() << V.Length
            << (V.Length ? S.BlockDim / V.Length : 0) << V.CoalescedStrided
            << V.CoalescedContiguous;
      else
        report(Diags, At, Diag::RemarkVectorContiguous)
            << L.Loop.Var->getName() << V.Length << V.CoalescedContiguous
            << V.CoalescedStrided << Fast.Var->getName();
    }
    const unsigned Depth = unsigned(S.Collapsed.size() + 1);
    if (Strided) {
      // Neighbouring threads take neighbouring outer iterations, inside
      // the vector loops and out.
      for (const Access &A : analyzeAccesses(Body, Fast.Var, Ctx))
        access(A, Fix{}, Depth);
      return;
    }
    // A group is neighbouring threads: in a vector loop they take
    // neighbouring values of its variable; elsewhere in the body they all
    // use the same address, which is no remark.
    for (const VectorLoop &L : V.Loops)
      for (const Access &A : analyzeAccesses(L.Loop.Body, L.Loop.Var, Ctx))
        access(A, Fix{}, Depth);
  }

  void access(const Access &A, const Fix &F, unsigned Depth) {
    if (A.Stride.coalesces() || !Reported.insert(A.E).second)
      return;
    const std::string Text = sourceText(A.E, Ctx);
    const unsigned Write = A.Write ? 1 : 0;
    SourceLocation Loc = A.E->getBeginLoc();
    SourceRange Range = A.E->getSourceRange();
    if (!A.Stride.Known) {
      report(Diags, Loc, Diag::RemarkStrideUnknown)
          << Text << Write << A.Stride.Reason << Range;
      return;
    }
    const std::string Apart = distance(A, Ctx);
    switch (F.Kind) {
    case Fix::None:
      report(Diags, Loc, Diag::RemarkNotCoalesced)
          << Text << Write << Apart << Range;
      break;
    case Fix::Vector:
      report(Diags, Loc, Diag::RemarkNotCoalescedUseVector)
          << Text << Write << Apart << F.Var->getName() << F.Pragma << Range;
      break;
    case Fix::Collapse:
      report(Diags, Loc, Diag::RemarkNotCoalescedReorderCollapse)
          << Text << Write << Apart << F.Var->getName() << Depth << Range;
      break;
    }
  }
};

} // namespace

void emitLoopRemarks(const std::vector<KernelPlan> &Plans,
                     ASTContext &Context) {
  LoopRemarker Remarker(Context);
  for (const KernelPlan &Plan : Plans) {
    Remarker.StreamOnly = Plan.StreamOnly != nullptr;
    Remarker.GraphSplits = &Plan.GraphSplits;
    Remarker.steps(Plan.Steps);
  }
}

} // namespace qd
