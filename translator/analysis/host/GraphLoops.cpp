// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- GraphLoops.cpp - 'loop seq' loops as conditional graph nodes -------===//
//
// SPEC section 1, "Loops whose condition the GPU computes", in graph mode:
// a loop whose condition reads reductions' results becomes one conditional
// WHILE node of the call's graph (CUDA 12.4 or later), its body recorded
// once, so that the graph does not grow with the trip count and the host
// never waits for the GPU:
//
//   #pragma qd loop seq
//   while (res > tol && it < max_it) {
//     res = 0.f;                      // a launch of the body
//     ...loops, tasks, regions...     // launches of the body
//     float* t = u; u = v; v = t;     // the trailing host statements
//     ++it;
//   }
//
// The GPU then runs what the host ran between iterations: the body's
// trailing host statements, a 'for' increment and the condition are one
// test kernel, launched before the loop (the first test; a 'do' loop enters
// without one) and at the end of each iteration, which sets the node's
// condition. The host values they change ('u', 'v', 'it': the moved values)
// live in scratch slots from the loop on, and device code reads them there.
// A host statement elsewhere in the body, at its top level or in a host
// 'if', is a one-thread kernel at its place, and a host 'if' on a moved
// value is a conditional IF node whose condition one thread computes (an
// 'else' is a second one). A loop whose condition the host computes (a
// time loop) takes the same form, unless a few iterations the source fixes
// are cheaper unrolled.
//
// Nothing else of the body may depend on the host between iterations: a
// host statement in a 'switch' or block, a jump, host code without 'reuse', a nested
// loop of another kind, and a host use of a moved value (a loop's bounds, a
// kernel call's argument), in the body or after the loop, keep the kernel
// in stream mode (a host-value loop: unrolled), and -Wqd-graph's note or a
// remark says why. Checked in two steps: the loop's own parts when it is
// analyzed (analyzeGraphLoop), the code after it once the whole kernel is
// (checkGraphLoops).
//
//===----------------------------------------------------------------------===//
#include "analysis/device/DeviceLibrary.h"
#include "analysis/KernelAnalyzer.h"
#include "analysis/loops/LoopForm.h"
#include "analysis/memory/Globals.h"
#include "analysis/memory/MayWrite.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace qd {

namespace {

/// Where \p Steps run device code, at any depth: there a moved value is
/// read from its slot.
void deviceRanges(llvm::ArrayRef<Step> Steps, std::vector<SourceRange> &Out) {
  for (const Step &S : Steps) {
    if (S.Kind == StepKind::ParallelLoop)
      Out.push_back(S.deviceCode()->getSourceRange());
    else if (S.Kind == StepKind::SerialTask ||
             (S.Kind == StepKind::DeviceScalarSet && (S.OnDevice || S.Declares)))
      Out.push_back(S.S->getSourceRange());
    for (const Block &B : S.Blocks)
      deviceRanges(B.Steps, Out);
    for (const std::vector<Step> &Branch : S.Branches)
      deviceRanges(Branch, Out);
  }
}

/// The first step of \p Steps, at any depth, that needs the host between
/// two iterations, with what it is.
const Step *hostBetweenIterations(llvm::ArrayRef<Step> Steps,
                                  std::string &What) {
  for (const Step &S : Steps) {
    switch (S.Kind) {
    case StepKind::HostStatement:
      // Where collectGraphSteps finds it, it runs on the GPU.
      What = "a host statement in a 'switch' or stream_parallel block of "
             "the loop's body";
      return &S;
    case StepKind::HostJump:
      What = "a 'break', 'continue' or 'return' in the loop's body";
      return &S;
    case StepKind::HostCode:
      // With 'reuse', what it enqueues depends only on the values it names,
      // which no iteration changes (a moved value is a host read, below):
      // captured once, its work runs in every iteration, as it would.
      if (S.Reuse)
        break;
      What = "a '#pragma qd host' statement without 'reuse' in the loop's "
             "body";
      return &S;
    case StepKind::HostLoop: {
      // A loop of its own count ('for (int s = 0; s < sweeps; ++s)'), the
      // same in every iteration: recorded once, its iterations unrolled.
      const auto *For = dyn_cast<ForStmt>(S.S);
      if (!S.Captures.empty() || !For ||
          !isa_and_nonnull<DeclStmt>(For->getInit())) {
        What = "a 'loop seq' loop in the loop's body that is not a 'for' "
               "over a variable of its own with a condition the host computes";
        return &S;
      }
      break;
    }
    case StepKind::DeviceScalarInit:
      What = "a reduction into a variable declared outside the nested "
             "'loop seq' loop around it";
      return &S;
    default:
      break;
    }
    for (const Block &B : S.Blocks)
      if (const Step *Found = hostBetweenIterations(B.Steps, What))
        return Found;
    for (const std::vector<Step> &Branch : S.Branches)
      if (const Step *Found = hostBetweenIterations(Branch, What))
        return Found;
  }
  return nullptr;
}

/// The steps of a conditional node's body that run differently there.
struct GraphSteps {
  /// Host statements: one-thread kernels at their place.
  std::vector<Step *> OnDevice;
  /// Host 'if's: IF nodes when their conditions read moved values.
  std::vector<Step *> Ifs;
  /// Declarations of one scalar from a value: computed by one GPU thread
  /// into a slot when the value is one the GPU changes.
  std::vector<Step *> Decls;
  /// Loops whose conditions the GPU computes, conditional nodes themselves
  /// (analyzed before the loop around them): WHILE nodes in the body.
  std::vector<Step *> Loops;
};

/// Collects those steps of \p Steps and of the branches of their host
/// 'if's; returns the first step that needs the host between two
/// iterations, with what it is.
const Step *collectGraphSteps(llvm::MutableArrayRef<Step> Steps,
                              GraphSteps &Out, std::string &What) {
  for (Step &S : Steps) {
    if (S.Kind == StepKind::HostStatement) {
      Out.OnDevice.push_back(&S);
      continue;
    }
    if (S.Kind == StepKind::HostScalar && !S.Uninitialized) {
      const auto *DS = cast<DeclStmt>(S.S);
      const auto *Var =
          DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      if (Var && Var->getInit() && !Var->isStaticLocal())
        Out.Decls.push_back(&S);
      continue;
    }
    if (S.Kind == StepKind::HostIf && !cast<IfStmt>(S.S)->isConstexpr()) {
      Out.Ifs.push_back(&S);
      for (std::vector<Step> &Branch : S.Branches)
        if (const Step *Host = collectGraphSteps(Branch, Out, What))
          return Host;
      continue;
    }
    if (S.Kind == StepKind::HostLoop && !S.Captures.empty() &&
        !S.GraphTest.empty()) {
      Out.Loops.push_back(&S);
      continue;
    }
    // A reduction's result declared in the body, whose slot one launch sets
    // from the declaration's value in each iteration ('float change =
    // 1e30f;' before a nested convergence loop).
    if (S.Kind == StepKind::DeviceScalarInit)
      continue;
    if (const Step *Host = hostBetweenIterations(llvm::ArrayRef<Step>(S), What))
      return Host;
  }
  return nullptr;
}

/// A call in \p S that the GPU cannot make for sure: anything but the math
/// and C functions both vendors provide on the device.
const CallExpr *hostOnlyCall(const Stmt *S, const SourceManager &SM) {
  if (!S)
    return nullptr;
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || isa<CXXOperatorCallExpr>(Call) ||
        !SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())) ||
        !hasLibraryDeviceVersion(Callee))
      return Call;
  }
  for (const Stmt *Child : S->children())
    if (const CallExpr *Found = hostOnlyCall(Child, SM))
      return Found;
  return nullptr;
}

/// What keeps one GPU thread from evaluating \p E, said of \p What: a call
/// it cannot make, or a namespace-scope variable.
std::optional<std::string> notOnDevice(const Stmt *E, const std::string &What,
                                       ASTContext &Context,
                                       const SourceManager &SM) {
  if (const CallExpr *Call = hostOnlyCall(E, SM)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    return "the GPU would call '" +
           (Callee ? Callee->getNameAsString() : std::string("a function")) +
           "' in " + What;
  }
  if (findReferenceTo(E, [&](const VarDecl *Var) {
        return classifyGlobal(Var, Context) != GlobalUse::NotGlobal;
      }))
    return What + " uses a namespace-scope variable";
  return std::nullopt;
}

/// Turns \p Loop's conditional-node form off, for \p Why.
void dropGraphLoop(Step &Loop, std::string Why) {
  Loop.GraphTest.clear();
  Loop.GraphMoved.clear();
  Loop.GraphUnset.clear();
  Loop.GraphTrailing = 0;
  Loop.NoGraphLoop = std::move(Why);
  GraphSteps Body;
  std::string What;
  collectGraphSteps(Loop.Branches.front(), Body, What);
  for (auto *List : {&Body.OnDevice, &Body.Ifs, &Body.Decls})
    for (Step *S : *List)
      S->GraphTest.clear();
  // A nested node shares slots with this one (analyzeGraphLoop).
  for (Step *Nested : Body.Loops)
    if (!Nested->GraphTest.empty())
      dropGraphLoop(*Nested, "the loop around it is not a conditional node");
}

/// Whether the value \p Var has before the loop is never read: it is used
/// only in \p Trailing, the trailing host statements, and the first of them
/// that names it assigns it from other values ('tmp = u;' with 'double*
/// tmp;' declared at the top, C style). Its slot then needs no host value,
/// which may be uninitialized.
bool assignedBeforeRead(const VarDecl *Var, llvm::ArrayRef<Step> Trailing) {
  auto IsVar = [&](const VarDecl *V) { return V == Var; };
  const auto *Function = dyn_cast<FunctionDecl>(Var->getDeclContext());
  if (!Function || !Function->getBody())
    return false;
  std::size_t InTrailing = 0;
  const Step *First = nullptr;
  for (const Step &S : Trailing) {
    const std::size_t Here = referencesTo(S.S, IsVar).size();
    if (Here && !First)
      First = &S;
    InTrailing += Here;
  }
  if (!First || referencesTo(Function->getBody(), IsVar).size() != InTrailing)
    return false;
  const auto *Assign = dyn_cast<BinaryOperator>(First->S);
  if (!Assign || Assign->getOpcode() != BO_Assign)
    return false;
  const auto *Target = dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParens());
  return Target && Target->getDecl() == Var &&
         referencesTo(Assign->getRHS(), IsVar).empty();
}

/// Host-value loops in the body of a conditional node: the same in every
/// iteration (hostBetweenIterations lets no other kind through), so their
/// iterations are recorded into the body once rather than nesting a node.
void recordNestedLoopsOnce(std::vector<Step> &Steps) {
  for (Step &S : Steps) {
    // A loop whose condition the GPU computes stays a node of its own.
    if (S.Kind == StepKind::HostLoop && !S.Captures.empty())
      continue;
    if (S.Kind == StepKind::HostLoop && !S.GraphTest.empty())
      dropGraphLoop(S, "it is in the body of a loop that is a conditional "
                       "node, which records its iterations once");
    for (Block &B : S.Blocks)
      recordNestedLoopsOnce(B.Steps);
    for (std::vector<Step> &Branch : S.Branches)
      recordNestedLoopsOnce(Branch);
  }
}

/// Where the GPU runs what \p Loop, a conditional node, and the nodes in its
/// body run between their iterations: their test parts, host statements,
/// IF tests and declarations.
void graphDeviceRanges(Step &Loop, std::vector<SourceRange> &Out) {
  for (const Step &T : Loop.GraphTest)
    Out.push_back(T.S->getSourceRange());
  GraphSteps Body;
  std::string What;
  collectGraphSteps(Loop.Branches.front(), Body, What);
  for (auto *List : {&Body.OnDevice, &Body.Ifs, &Body.Decls})
    for (const Step *S : *List)
      if (!S->GraphTest.empty())
        Out.push_back(S->GraphTest.front().S->getSourceRange());
  for (Step *Nested : Body.Loops)
    graphDeviceRanges(*Nested, Out);
}

/// Makes \p Var live in slot \p To in \p Loop and the nodes nested in it
/// that share it, none of which sets it from the host.
void shareSlot(Step &Loop, const VarDecl *Var, unsigned To) {
  for (Capture &C : Loop.GraphMoved)
    if (C.Var == Var)
      C.Slot = To;
  if (!llvm::is_contained(Loop.GraphUnset, Var))
    Loop.GraphUnset.push_back(Var);
  GraphSteps Body;
  std::string What;
  collectGraphSteps(Loop.Branches.front(), Body, What);
  for (Step *Nested : Body.Loops)
    if (llvm::any_of(Nested->GraphMoved,
                     [&](const Capture &C) { return C.Var == Var; }))
      shareSlot(*Nested, Var, To);
}

/// Reasons that hold whatever the body does, found before it is looked at.
std::optional<std::string> graphLoopRuledOut(const AnalysisOptions &Options,
                                             const Expr *Cond,
                                             const Step &Loop) {
  if (!Options.ConditionalNodes)
    return "the '" + Options.GraphTarget +
           "' target's graphs have no conditional nodes";
  if (!Cond)
    return "it has no condition";
  // A host-value loop of a few iterations that the source fixes records
  // them all: no test kernel between them, and the graph stays small.
  const bool HostValues = Loop.Captures.empty();
  if (HostValues)
    if (std::optional<std::uint64_t> Trips = constantTripCount(Loop.S);
        Trips && *Trips <= kMaxUnrolledTrips)
      return "its trip count, " + std::to_string(*Trips) +
             ", is a constant of at most " + std::to_string(kMaxUnrolledTrips);
  return std::nullopt;
}

/// The test kernel, not the body, runs the body's trailing host statements.
unsigned trailingHostSteps(llvm::ArrayRef<Step> Body) {
  unsigned Trailing = 0;
  while (Trailing < Body.size()) {
    const Step &S = Body[Body.size() - 1 - Trailing];
    if (S.Kind != StepKind::HostStatement && S.Kind != StepKind::HostScalar)
      break;
    ++Trailing;
  }
  return Trailing;
}

/// A reason names its step's line, which may be far from the loop's.
std::string atLine(const Step &S, const SourceManager &SM) {
  return " (line " +
         std::to_string(SM.getExpansionLineNumber(S.S->getBeginLoc())) + ")";
}

/// The statements one GPU thread runs instead of the host.
struct GraphParts {
  std::vector<const Stmt *> Parts;
  /// The first TestParts of Parts are the test's.
  std::size_t TestParts = 0;
};

/// The test's parts and the body's host statements are checked alike.
GraphParts graphParts(llvm::ArrayRef<Step> Body, unsigned Trailing,
                      const Expr *Inc, const Expr *Cond,
                      llvm::ArrayRef<Step *> OnDevice) {
  GraphParts Out;
  for (unsigned I = Body.size() - Trailing; I < Body.size(); ++I)
    Out.Parts.push_back(Body[I].S);
  if (Inc)
    Out.Parts.push_back(Inc);
  Out.Parts.push_back(Cond);
  Out.TestParts = Out.Parts.size();
  for (const Step *S : OnDevice)
    Out.Parts.push_back(S->S);
  return Out;
}

/// What the test kernel declares is its own: no host value that moves.
llvm::SmallPtrSet<const VarDecl *, 4> testLocals(llvm::ArrayRef<Step> Body,
                                                 unsigned Trailing) {
  llvm::SmallPtrSet<const VarDecl *, 4> Own;
  for (unsigned I = Body.size() - Trailing; I < Body.size(); ++I)
    if (const auto *DS = dyn_cast<DeclStmt>(Body[I].S))
      for (const Decl *D : DS->decls())
        if (const auto *Var = dyn_cast<VarDecl>(D))
          Own.insert(Var);
  return Own;
}

/// The GPU runs \p Part between iterations: it may use nothing host-only.
std::optional<std::string> hostOnlyPart(const Stmt *Part, ASTContext &Context,
                                        const SourceManager &SM) {
  auto IsGlobal = [&](const VarDecl *Var) {
    return classifyGlobal(Var, Context) != GlobalUse::NotGlobal;
  };
  if (const CallExpr *Call = hostOnlyCall(Part, SM)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    return "the GPU would call '" +
           (Callee ? Callee->getNameAsString() : std::string("a function")) +
           "' between iterations";
  }
  for (const DeclRefExpr *Ref : referencesTo(Part, IsGlobal))
    if (!Ref->getDecl()->getType().isConstQualified())
      return "the GPU would use the namespace-scope variable '" +
             Ref->getDecl()->getNameAsString() + "' between iterations";
  return std::nullopt;
}

/// What nested WHILE nodes move that lives on across this loop's
/// iterations, which then shares their slots.
struct NestedMoves {
  /// Each nested node with a value it moves in a slot of this loop.
  std::vector<std::pair<Step *, const VarDecl *>> Shared;
  /// Temporaries a nested body assigns before it reads them.
  llvm::SmallPtrSet<const VarDecl *, 4> UnsetInNested;
};

/// A nested node set from the host would restart values that live on.
NestedMoves
shareNestedMoves(llvm::ArrayRef<Step *> Loops,
                 llvm::function_ref<bool(const VarDecl *)> DeclaredInLoop,
                 llvm::SetVector<const VarDecl *> &Moved,
                 llvm::SmallPtrSetImpl<const VarDecl *> &MovedSet) {
  NestedMoves Out;
  for (Step *Nested : Loops)
    for (const Capture &C : Nested->GraphMoved) {
      if (!MovedSet.count(C.Var)) {
        if (DeclaredInLoop(C.Var))
          continue;
        Moved.insert(C.Var);
        MovedSet.insert(C.Var);
        // A temporary the nested body assigns before it reads it.
        if (llvm::is_contained(Nested->GraphUnset, C.Var))
          Out.UnsetInNested.insert(C.Var);
      }
      Out.Shared.emplace_back(Nested, C.Var);
    }
  return Out;
}

/// Only device code may read a moved value, so where the GPU runs matters.
std::vector<SourceRange>
graphLoopDeviceCode(llvm::ArrayRef<Step> Rest,
                    llvm::ArrayRef<const Stmt *> Parts,
                    llvm::ArrayRef<std::pair<Step *, Step>> IfTests,
                    llvm::ArrayRef<std::pair<Step *, Step>> DeclSets,
                    llvm::ArrayRef<Step *> Loops, const Stmt *Init) {
  std::vector<SourceRange> Device;
  deviceRanges(Rest, Device);
  for (const Stmt *Part : Parts)
    Device.push_back(Part->getSourceRange());
  for (const auto &[If, T] : IfTests)
    Device.push_back(T.S->getSourceRange());
  for (const auto &[Decl, Set] : DeclSets)
    Device.push_back(Decl->S->getSourceRange());
  for (Step *Nested : Loops)
    graphDeviceRanges(*Nested, Device);
  if (Init)
    Device.push_back(Init->getSourceRange());
  return Device;
}

/// Slots are given out only once nothing keeps the loop from being a node.
void assignMovedSlots(Step &Loop, const llvm::SetVector<const VarDecl *> &Moved,
                      std::vector<std::pair<Step *, Step>> &DeclSets,
                      const NestedMoves &Nested, llvm::ArrayRef<Step> Trailing,
                      unsigned &ScratchSlots) {
  for (const VarDecl *Var : Moved) {
    Capture C;
    C.Var = Var;
    C.DeviceScalar = true;
    C.Slot = ScratchSlots++;
    Loop.GraphMoved.push_back(C);
    auto Declared = llvm::find_if(DeclSets, [&](const auto &D) {
      return D.second.Captures.front().Var == Var;
    });
    if (Declared != DeclSets.end()) {
      // Declared in the body: the slot has no value before the loop.
      Declared->second.Captures.front().Slot = C.Slot;
      Declared->first->GraphTest.assign(1, std::move(Declared->second));
      Loop.GraphUnset.push_back(Var);
    } else if (Nested.UnsetInNested.count(Var) ||
               assignedBeforeRead(Var, Trailing)) {
      Loop.GraphUnset.push_back(Var);
    }
  }
  for (const auto &[NestedLoop, Var] : Nested.Shared)
    for (const Capture &C : Loop.GraphMoved)
      if (C.Var == Var)
        shareSlot(*NestedLoop, Var, C.Slot);
}

/// A nested loop that is no node now makes the host run between iterations.
const Step *lostNestedNode(const std::vector<Step> &Body) {
  const Step *Lost = nullptr;
  forEachStep(Body, [&](const Step &Nested) {
    if (!Lost && Nested.Kind == StepKind::HostLoop &&
        !Nested.Captures.empty() && Nested.GraphTest.empty())
      Lost = &Nested;
  });
  return Lost;
}

/// A value shared with the enclosing node is that node's to check after it.
llvm::SmallPtrSet<const VarDecl *, 4> movedAfterLoop(const Step &Loop,
                                                     const Step *Enclosing) {
  llvm::SmallPtrSet<const VarDecl *, 4> Moved;
  for (const Capture &C : Loop.GraphMoved)
    if (!Enclosing || Enclosing->GraphTest.empty() ||
        llvm::none_of(Enclosing->GraphMoved,
                      [&](const Capture &E) { return E.Var == C.Var; }))
      Moved.insert(C.Var);
  return Moved;
}

/// An IF node spares the host a read of a moved value after the loop.
std::vector<Step *>
ifNodesAfter(llvm::MutableArrayRef<Step> After,
             const llvm::SmallPtrSetImpl<const VarDecl *> &Moved,
             ASTContext &Context, const SourceManager &SM) {
  std::vector<Step *> Ifs;
  for (Step &If : After) {
    if (If.Kind != StepKind::HostIf || !If.GraphTest.empty() ||
        cast<IfStmt>(If.S)->isConstexpr())
      continue;
    const Expr *Cond = cast<IfStmt>(If.S)->getCond();
    std::string What;
    if (referencesTo(Cond,
                     [&](const VarDecl *Var) { return Moved.count(Var) != 0; })
            .empty() ||
        notOnDevice(Cond, "", Context, SM) ||
        llvm::any_of(If.Branches, [&](const std::vector<Step> &Branch) {
          return hostBetweenIterations(Branch, What) != nullptr;
        }))
      continue;
    Ifs.push_back(&If);
  }
  return Ifs;
}

} // namespace

std::optional<std::string>
Analyzer::graphMovedValues(const Stmt *Init, const Step &Loop,
                           llvm::ArrayRef<const Stmt *> Parts,
                           const llvm::SmallPtrSetImpl<const VarDecl *> &Own,
                           llvm::SetVector<const VarDecl *> &Moved) {
  std::optional<std::string> Problem;
  for (const Stmt *Part : Parts) {
    if (std::optional<std::string> HostOnly = hostOnlyPart(Part, Context, SM))
      return HostOnly;
    MayWriteOptions Writes;
    Writes.UnresolvedCallsWrite = true;
    forEachMayWrite(
        Part,
        [&](const VariableWrite &W) {
          if (Own.count(W.Var))
            return true;
          // Set once, before the loop: declared after it starts, it would
          // need its declaration's value each iteration.
          const bool BeforeLoop =
              before(W.Var->getLocation(), Loop.S->getBeginLoc()) ||
              (Init && within(W.Var->getLocation(), Init->getSourceRange()));
          if (!Values.contains(W.Var) || DeviceScalars.count(W.Var) ||
              !BeforeLoop || !fitsDeviceScalar(W.Var) ||
              !hasHostValue(W.Var)) {
            Problem = "'" + W.Var->getNameAsString() +
                      "' cannot live on the device between iterations";
            return false;
          }
          Moved.insert(W.Var);
          return true;
        },
        Writes);
    if (Problem)
      return Problem;
  }
  return std::nullopt;
}

std::optional<std::string>
Analyzer::graphDeclarationSets(llvm::ArrayRef<Step *> Decls,
                               llvm::SetVector<const VarDecl *> &Moved,
                               llvm::SmallPtrSetImpl<const VarDecl *> &MovedSet,
                               std::vector<std::pair<Step *, Step>> &DeclSets) {
  auto IsMoved = [&](const VarDecl *Var) { return MovedSet.count(Var) != 0; };
  for (Step *Decl : Decls) {
    const auto *DS = cast<DeclStmt>(Decl->S);
    const auto *Var = cast<VarDecl>(DS->getSingleDecl());
    if (referencesTo(Var->getInit(), IsMoved).empty())
      continue;
    const std::string What = "the declaration of '" + Var->getNameAsString() +
                             "'" + atLine(*Decl, SM);
    if (!fitsDeviceScalar(Var))
      return "'" + Var->getNameAsString() +
             "', declared from values the GPU changes, is not a number "
             "or pointer that a slot holds" +
             atLine(*Decl, SM);
    if (std::optional<std::string> Problem = notOnDevice(DS, What, Context, SM))
      return Problem;
    bool Writes = false;
    MayWriteOptions Options;
    Options.UnresolvedCallsWrite = true;
    forEachMayWrite(
        Var->getInit(),
        [&](const VariableWrite &) {
          Writes = true;
          return false;
        },
        Options);
    if (Writes)
      return What + " changes another variable";
    Step Set;
    Set.Kind = StepKind::DeviceScalarSet;
    Set.S = DS;
    Set.OnDevice = true;
    Set.Declares = true;
    Capture Target;
    Target.Var = Var;
    Target.DeviceScalar = true;
    Set.Captures.push_back(Target);
    Step Reading;
    Reading.Kind = StepKind::SerialTask;
    Reading.S = DS;
    Reading.Captures = collectCaptures(DS, Values, Var);
    passDeviceScalars(Reading);
    Set.Captures.insert(Set.Captures.end(), Reading.Captures.begin(),
                        Reading.Captures.end());
    DeclSets.emplace_back(Decl, std::move(Set));
    Moved.insert(Var);
    MovedSet.insert(Var);
  }
  return std::nullopt;
}

std::optional<std::string>
Analyzer::graphIfTests(llvm::ArrayRef<Step *> Ifs,
                       const llvm::SmallPtrSetImpl<const VarDecl *> &MovedSet,
                       std::vector<std::pair<Step *, Step>> &IfTests) {
  auto IsMoved = [&](const VarDecl *Var) { return MovedSet.count(Var) != 0; };
  for (Step *If : Ifs) {
    const Expr *IfCond = cast<IfStmt>(If->S)->getCond();
    if (referencesTo(IfCond, IsMoved).empty())
      continue; // the same in every iteration: the host's decision
    if (std::optional<std::string> Problem = notOnDevice(
            IfCond, "the condition of a host 'if'" + atLine(*If, SM), Context,
            SM))
      return Problem;
    Step T;
    T.Kind = StepKind::SerialTask;
    T.S = IfCond;
    T.Captures = collectCaptures(IfCond, Values);
    passDeviceScalars(T);
    IfTests.emplace_back(If, std::move(T));
  }
  return std::nullopt;
}

std::optional<std::string>
Analyzer::graphTestSteps(llvm::ArrayRef<const Stmt *> Parts,
                         const llvm::SmallPtrSetImpl<const VarDecl *> &Own,
                         std::vector<Step> &Test) {
  auto IsGlobal = [&](const VarDecl *Var) {
    return classifyGlobal(Var, Context) != GlobalUse::NotGlobal;
  };
  for (const Stmt *Part : Parts) {
    if (findReferenceTo(Part, IsGlobal) && !passGlobals(Part))
      return "it reads a namespace-scope array";
    Step T;
    T.Kind = StepKind::SerialTask;
    T.S = Part;
    T.Captures = collectCaptures(Part, Values);
    llvm::erase_if(T.Captures,
                   [&](const Capture &C) { return Own.count(C.Var); });
    for (const Capture &C : T.Captures) {
      const QualType Type = C.Var->getType().getNonReferenceType();
      if (!Type->isDependentType() && !Type->isScalarType() &&
          !Type.isTriviallyCopyableType(Context))
        return "the GPU cannot receive '" + C.Var->getNameAsString() + "'";
    }
    passDeviceScalars(T);
    Test.push_back(std::move(T));
  }
  return std::nullopt;
}

void Analyzer::analyzeGraphLoop(const Stmt *Init, const Expr *Cond,
                                const Expr *Inc, Step &Loop) {
  if (!(Plan->Graph || Options.AllGraphs) || Options.GraphTarget.empty())
    return;
  auto Fail = [&](std::string Why) { Loop.NoGraphLoop = std::move(Why); };
  if (std::optional<std::string> Why = graphLoopRuledOut(Options, Cond, Loop))
    return Fail(*Why);
  std::vector<Step> &Body = Loop.Branches.front();

  // The trailing host statements, which the test kernel runs.
  const unsigned Trailing = trailingHostSteps(Body);
  const llvm::ArrayRef<Step> Rest(Body.data(), Body.size() - Trailing);
  // Host statements in the rest run on the GPU too, each in a one-thread
  // kernel of its own at its place ('t += dt;' first), at the top level
  // and in the branches of host 'if's. Such an 'if' whose condition reads
  // a value the GPU changes is a conditional IF node (below); one whose
  // condition reads none is the host's decision, the same in every
  // iteration.
  GraphSteps InBody;
  std::string What;
  if (const Step *Host = collectGraphSteps(
          llvm::MutableArrayRef<Step>(Body).drop_back(Trailing), InBody, What))
    return Fail(What + atLine(*Host, SM));
  const std::vector<Step *> &OnDevice = InBody.OnDevice;

  // The test's parts, then the statements that run elsewhere in the body:
  // what they may do is the same, and the values they change move.
  const GraphParts TestAndBody =
      graphParts(Body, Trailing, Inc, Cond, OnDevice);
  const std::vector<const Stmt *> &Parts = TestAndBody.Parts;
  const std::size_t TestParts = TestAndBody.TestParts;

  // What the test kernel declares itself, and the host values it changes.
  const llvm::SmallPtrSet<const VarDecl *, 4> Own = testLocals(Body, Trailing);
  llvm::SetVector<const VarDecl *> Moved;
  if (std::optional<std::string> Problem =
          graphMovedValues(Init, Loop, Parts, Own, Moved))
    return Fail(*Problem);
  llvm::SmallPtrSet<const VarDecl *, 4> MovedSet(Moved.begin(), Moved.end());

  // A declaration in the body from a moved value ('const double t = step *
  // dt;') is a device scalar of the body: one GPU thread computes it into
  // a slot at its place in each iteration, and it is a moved value for
  // what follows. One from other values is the host's, the same in every
  // iteration.
  std::vector<std::pair<Step *, Step>> DeclSets;
  if (std::optional<std::string> Problem =
          graphDeclarationSets(InBody.Decls, Moved, MovedSet, DeclSets))
    return Fail(*Problem);

  // The IF nodes: their conditions are device code, one-thread tests.
  std::vector<std::pair<Step *, Step>> IfTests;
  if (std::optional<std::string> Problem =
          graphIfTests(InBody.Ifs, MovedSet, IfTests))
    return Fail(*Problem);

  // Nested WHILE nodes: what one moves that lives on across this loop's
  // iterations (declared before it, or moved here too) is moved here as
  // well, in one slot, which the nested node then does not set from the
  // host's value, stale from the second iteration on. What it moves that
  // this body declares from a host value starts from that value each time.
  const NestedMoves Nested = shareNestedMoves(
      InBody.Loops,
      [&](const VarDecl *Var) {
        return within(Var->getLocation(), Loop.S->getSourceRange());
      },
      Moved, MovedSet);

  // A moved value is the device's from the loop on: the rest of the body
  // may read it only in device code.
  const std::vector<const DeclRefExpr *> Uses = referencesTo(
      Loop.S, [&](const VarDecl *Var) { return MovedSet.count(Var) != 0; });
  const std::vector<SourceRange> Device =
      graphLoopDeviceCode(Rest, Parts, IfTests, DeclSets, InBody.Loops, Init);
  for (const DeclRefExpr *Use : Uses)
    if (llvm::none_of(Device, [&](SourceRange R) {
          return within(Use->getLocation(), R);
        }))
      return Fail("the host reads '" + Use->getDecl()->getNameAsString() +
                  "', which the GPU changes between iterations");

  // The test: one serial task per part, the captures of all of them; and
  // one per statement that runs elsewhere in the body.
  std::vector<Step> Test;
  if (std::optional<std::string> Problem = graphTestSteps(Parts, Own, Test))
    return Fail(*Problem);
  for (std::size_t I = TestParts; I < Test.size(); ++I)
    OnDevice[I - TestParts]->GraphTest.assign(1, std::move(Test[I]));
  Test.resize(TestParts);
  for (auto &[If, T] : IfTests)
    If->GraphTest.assign(1, std::move(T));

  assignMovedSlots(Loop, Moved, DeclSets, Nested,
                   llvm::ArrayRef<Step>(Body).take_back(Trailing),
                   Plan->ScratchSlots);
  Loop.GraphTrailing = Trailing;
  Loop.GraphTest = std::move(Test);
  recordNestedLoopsOnce(Body);
}

void Analyzer::checkGraphLoops(std::vector<Step> &Steps,
                               const Step *Enclosing) {
  for (std::size_t I = 0; I < Steps.size(); ++I) {
    Step &S = Steps[I];
    for (Block &B : S.Blocks)
      checkGraphLoops(B.Steps, Enclosing);
    for (std::vector<Step> &Branch : S.Branches)
      checkGraphLoops(Branch, S.Kind == StepKind::HostLoop ? &S : Enclosing);
    // Host statements, 'if's and declarations of a node's body have tests
    // too.
    if (S.GraphTest.empty() || S.Kind != StepKind::HostLoop)
      continue;
    // A nested loop whose condition the GPU computes that is no node now
    // needs the host between this loop's iterations.
    if (const Step *Lost = lostNestedNode(S.Branches.front())) {
      dropGraphLoop(S, "the loop whose condition the GPU computes at line " +
                           std::to_string(SM.getExpansionLineNumber(
                               Lost->S->getBeginLoc())) +
                           " in its body is not a conditional node: " +
                           Lost->NoGraphLoop);
      continue;
    }
    // In the body of a host loop the recording unrolls, the node starts
    // from the host's values in every trip: in the second, the host's
    // value of one that lives on across trips is not the one the GPU left.
    if (Enclosing) {
      auto Stale = llvm::find_if(S.GraphMoved, [&](const Capture &C) {
        return !llvm::is_contained(S.GraphUnset, C.Var) &&
               !within(C.Var->getLocation(), Enclosing->S->getSourceRange());
      });
      if (Stale != S.GraphMoved.end()) {
        dropGraphLoop(
            S, "it is in the body of the 'loop seq' loop at line " +
                   std::to_string(SM.getExpansionLineNumber(
                       Enclosing->S->getBeginLoc())) +
                   ", whose next trip would start it from the host's value "
                   "of '" +
                   Stale->Var->getNameAsString() +
                   "', which the GPU changed");
        continue;
      }
    }
    // After the loop, its moved values are the device's: only device code
    // of the steps after it in the same list may read them.
    const llvm::SmallPtrSet<const VarDecl *, 4> Moved =
        movedAfterLoop(S, Enclosing);
    const std::vector<const DeclRefExpr *> Uses =
        referencesTo(Plan->Function->getBody(), [&](const VarDecl *Var) {
          return Moved.count(Var) != 0;
        });
    std::vector<SourceRange> Device;
    deviceRanges(llvm::ArrayRef<Step>(Steps).drop_front(I + 1), Device);
    // A host 'if' after the loop on what it moved ('if (it == max_it)') is
    // an IF node of the call's graph, when its branches need the host for
    // nothing: the GPU tests it.
    const std::vector<Step *> Ifs =
        ifNodesAfter(llvm::MutableArrayRef<Step>(Steps).drop_front(I + 1),
                     Moved, Context, SM);
    for (const Step *If : Ifs)
      Device.push_back(cast<IfStmt>(If->S)->getCond()->getSourceRange());
    bool Dropped = false;
    for (const DeclRefExpr *Use : Uses) {
      if (!before(S.S->getEndLoc(), Use->getLocation()) ||
          llvm::any_of(Device, [&](SourceRange R) {
            return within(Use->getLocation(), R);
          }))
        continue;
      dropGraphLoop(S, "the host reads '" +
                           Use->getDecl()->getNameAsString() +
                           "' after the loop, and the GPU has its value");
      Dropped = true;
      break;
    }
    if (Dropped)
      continue;
    for (Step *If : Ifs) {
      const Expr *Cond = cast<IfStmt>(If->S)->getCond();
      Step T;
      T.Kind = StepKind::SerialTask;
      T.S = Cond;
      T.Captures = collectCaptures(Cond, Values);
      passDeviceScalars(T);
      If->GraphTest.assign(1, std::move(T));
    }
  }
}

} // namespace qd
