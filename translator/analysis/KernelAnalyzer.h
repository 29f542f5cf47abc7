// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelAnalyzer.h - The kernel analysis' state, for its parts -*- C++ -*-===//
//
// Internal to analysis/: the analysis of one kernel is one Analyzer, whose
// member functions live in the file of the form they analyze
// (KernelAnalysis.cpp: sequences, loops, serial tasks; HostControlFlow.cpp:
// host 'if', 'switch', 'loop seq' and host statements).
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_KERNELANALYZER_H
#define QD_TRANSLATOR_KERNELANALYZER_H

#include "analysis/KernelAnalysis.h"
#include "analysis/KernelModel.h"
#include "analysis/loops/ReductionAnalysis.h"
#include "analysis/memory/CaptureAnalysis.h"
#include "pragmas/Directive.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"

namespace qd {

class Analyzer {
public:
  Analyzer(clang::ASTContext &Context, DirectiveList &Directives,
           const AnalysisOptions &Options)
      : Context(Context), SM(Context.getSourceManager()),
        Diags(Context.getDiagnostics()), Directives(Directives),
        Options(Options) {}

  std::vector<KernelPlan> run();

private:
  clang::ASTContext &Context;
  const clang::SourceManager &SM;
  clang::DiagnosticsEngine &Diags;
  DirectiveList &Directives;
  AnalysisOptions Options;

  /// Every kernel of the file: its canonical declaration (of the function,
  /// or of the function template) to its definition.
  llvm::DenseMap<const clang::Decl *, const clang::FunctionDecl *> Kernels;

  // State of the kernel being analyzed.
  KernelPlan *Plan = nullptr;
  HostValues Values;
  /// Locals declared by serial tasks: they live on the device only.
  llvm::SmallPtrSet<const clang::VarDecl *, 8> DeviceLocals;
  /// Whether the kernel's pragma has a 'block_dim' clause.
  bool KernelBlockDimGiven = false;
  /// Vector loops with their pragma's name, to explain a nested one.
  std::vector<std::pair<clang::SourceRange, clang::SourceLocation>> VectorRanges;
  /// Block bodies, to explain a nested stream_parallel.
  std::vector<std::pair<clang::SourceRange, clang::SourceLocation>> BlockRanges;
  /// Kernel bodies, to tell a stream_parallel inside a kernel's loop from one
  /// in an ordinary function.
  std::vector<clang::SourceRange> KernelBodies;
  /// Locals declared at each level (kernel body, block) being analyzed,
  /// innermost last: the names a reduction clause may use.
  std::vector<llvm::StringMap<const clang::VarDecl *>> Levels;
  /// Reduction results so far, with their scratch slots.
  DeviceScalarMap DeviceScalars;
  /// Whether the statements being analyzed are in a stream_parallel block.
  bool InBlock = false;
  /// Host loops and switches around the statements being analyzed, within
  /// the current block (or kernel): what a 'break' or 'continue' may leave.
  unsigned BreakTargets = 0;
  unsigned ContinueTargets = 0;
  /// Host branches and 'loop seq' bodies around the statements being
  /// analyzed, and for each kernel local, how many were around it.
  unsigned ControlDepth = 0;
  llvm::DenseMap<const clang::VarDecl *, unsigned> DeclControlDepth;
  /// Kernel locals that became device scalars at a 'loop seq' around the
  /// reductions into them (promoteLoopReductions).
  llvm::SmallPtrSet<const clang::VarDecl *, 4> PromotedScalars;
  /// Kernel locals a host statement has assigned ('error = 10 * tol;'):
  /// declared without an initializer, they have a value from there on.
  llvm::SmallPtrSet<const clang::VarDecl *, 8> AssignedOnHost;
  /// Kernel locals declared without an initializer, in declaration order:
  /// device code that writes one gets its own copy (PrivateLocals.h).
  llvm::SetVector<const clang::VarDecl *> UninitializedLocals;
  /// Host scalars that a loop or serial task made private, with that
  /// statement: the host has no value for them until it assigns one.
  llvm::DenseMap<const clang::VarDecl *, const clang::Stmt *> Privatized;
  /// What one host loop's body reads and assigns on the host, in order: its
  /// next trip reads at the top what device code at the bottom may have
  /// made private ('loop seq' bodies; PrivateLocals.cpp).
  struct HostLoopTrip {
    const clang::Stmt *Loop = nullptr;
    std::vector<std::pair<const clang::DeclRefExpr *, unsigned>> Reads;
    llvm::DenseMap<const clang::VarDecl *, unsigned> FirstAssigned;
  };
  /// The host loops around the statements being analyzed, innermost last.
  std::vector<HostLoopTrip> HostLoopTrips;
  /// Orders the host reads and assignments in HostLoopTrips.
  unsigned HostEvents = 0;
  /// Each read is reported once, however many trips find it.
  llvm::SmallPtrSet<const clang::DeclRefExpr *, 4> ReportedPrivatizedReads;

  clang::SourceLocation fileLoc(clang::SourceLocation L) const {
    return SM.getExpansionLoc(L);
  }
  /// Token order as the parser saw it: within one macro expansion too,
  /// where every token has the same file location, so that a '_Pragma' in a
  /// macro attaches to the statement after it in the same expansion.
  bool before(clang::SourceLocation A, clang::SourceLocation B) const {
    return SM.isBeforeInTranslationUnit(A, B);
  }
  bool within(clang::SourceLocation L, clang::SourceRange R) const {
    return !before(L, R.getBegin()) && !before(R.getEnd(), L);
  }

  void analyzeKernel(Directive &D, const clang::Decl *Target,
                     bool OnDeclaration);
  bool checkSignature(const clang::FunctionDecl *FD);
  /// Attaches the directives between \p Begin and \p End to the statement
  /// after them; one after the last statement, before a valid \p End, is
  /// reported.
  std::vector<std::vector<Directive *>>
  attachDirectives(llvm::ArrayRef<const clang::Stmt *> Statements,
                   clang::SourceLocation Begin, clang::SourceLocation End);
  void analyzeSequence(const clang::CompoundStmt *Body, std::vector<Step> &Out);
  /// A list of top-level statements with their directives: one step each,
  /// consecutive stream_parallel blocks grouped into a region.
  void analyzeList(llvm::ArrayRef<const clang::Stmt *> Statements,
                   llvm::ArrayRef<std::vector<Directive *>> Attached,
                   std::vector<Step> &Out);
  /// A branch or loop body of host control flow, which starts after
  /// \p Begin: a statement list with the top-level meaning.
  void analyzeBody(const clang::Stmt *Body, clang::SourceLocation Begin,
                   std::vector<Step> &Out);
  /// The statements of one branch, arm or body of host control flow.
  void analyzeBranch(llvm::ArrayRef<const clang::Stmt *> Statements,
                     llvm::ArrayRef<std::vector<Directive *>> Attached,
                     std::vector<Step> &Out);

  // DataDirectives.cpp
  /// A data directive in a kernel: an 'update' becomes a DataUpdate step;
  /// the others are errors.
  void analyzeDataDirectiveInKernel(const Directive &D, std::vector<Step> &Out);

  // HostControlFlow.cpp
  /// Whether \p E can be evaluated on the host: it uses only parameters,
  /// constants and host scalars, and no reduction result.
  bool isHostExpr(const clang::Expr *E) const;
  /// Host 'if', 'switch', 'break', 'continue' and host statements; false if
  /// \p S is none of those and keeps its device meaning.
  bool analyzeHostControlFlow(const clang::Stmt *S, std::vector<Step> &Out);
  /// A loop marked '#pragma qd loop seq'.
  void analyzeSeqLoop(const clang::Stmt *S, const Directive &D,
                      std::vector<Step> &Out);
  // DeviceConditionLoops.cpp
  /// Makes the kernel locals declared outside \p Loop that reductions in
  /// its \p Body combine into device scalars now (a DeviceScalarInit step).
  void promoteLoopReductions(const clang::Stmt *Loop, const clang::Stmt *Body,
                             std::vector<Step> &Out);
  /// Makes the locals declared before \p Loop that its \p Body assigns from
  /// device scalars device scalars too, set from their host values in
  /// \p Init.
  void promoteLoopAssignments(const clang::Stmt *Loop, const clang::Stmt *Body,
                              Step &Init);
  /// Whether a kernel local has a host value: an initializer, or a host
  /// statement assigned it.
  bool hasHostValue(const clang::VarDecl *Var) const;
  /// \p Var, a device scalar, as device code reads it: from its slot.
  Capture deviceScalarCapture(const clang::VarDecl *Var) const;
  /// The device scalars \p Cond reads, when it reads no device memory.
  std::vector<Capture> conditionScalars(const clang::Expr *Cond) const;
  /// Makes \p Var, a local declared without a value that \p Target (the
  /// left side of 'Var = Value;') assigns first, a device scalar, when
  /// \p Value reads device scalars; false if it stays a host value.
  bool promoteAssignedLocal(const clang::VarDecl *Var,
                            const clang::DeclRefExpr *Target,
                            const clang::Expr *Value);
  /// The step of \p S, a statement that sets the device scalar \p Var
  /// from device data, which one GPU thread runs; its captures are checked.
  Step deviceScalarTask(const clang::Stmt *S, const clang::VarDecl *Var);
  /// 'res = 0.f;' on a device scalar; false if \p S is not one.
  bool analyzeDeviceScalarSet(const clang::Stmt *S, std::vector<Step> &Out);
  // CheckEvery.cpp
  /// The 'check_every' clause of \p D on \p Loop, whose body is analyzed:
  /// sets what Step::CheckEvery says, or reports why it cannot be.
  void analyzeCheckEvery(const Directive &D, const clang::Expr *Cond,
                         const clang::Expr *Inc, Step &Loop);
  // GraphLoops.cpp
  /// Sets what Step::GraphTest says of \p Loop, a 'loop seq' loop whose
  /// body is analyzed, in a graph-mode kernel on a target with conditional
  /// graph nodes, or why it cannot run as one (Step::NoGraphLoop).
  void analyzeGraphLoop(const clang::Stmt *Init, const clang::Expr *Cond,
                        const clang::Expr *Inc, Step &Loop);
  /// What the GPU writes between iterations must move to slots, if it can.
  std::optional<std::string>
  graphMovedValues(const clang::Stmt *Init, const Step &Loop,
                   llvm::ArrayRef<const clang::Stmt *> Parts,
                   const llvm::SmallPtrSetImpl<const clang::VarDecl *> &Own,
                   llvm::SetVector<const clang::VarDecl *> &Moved);
  /// A body declaration from moved values needs the GPU in each iteration.
  std::optional<std::string>
  graphDeclarationSets(llvm::ArrayRef<Step *> Decls,
                       llvm::SetVector<const clang::VarDecl *> &Moved,
                       llvm::SmallPtrSetImpl<const clang::VarDecl *> &MovedSet,
                       std::vector<std::pair<Step *, Step>> &DeclSets);
  /// A host 'if' on moved values becomes an IF node that the GPU tests.
  std::optional<std::string>
  graphIfTests(llvm::ArrayRef<Step *> Ifs,
               const llvm::SmallPtrSetImpl<const clang::VarDecl *> &MovedSet,
               std::vector<std::pair<Step *, Step>> &IfTests);
  /// One-thread tasks run the test, and their captures must reach the GPU.
  std::optional<std::string>
  graphTestSteps(llvm::ArrayRef<const clang::Stmt *> Parts,
                 const llvm::SmallPtrSetImpl<const clang::VarDecl *> &Own,
                 std::vector<Step> &Test);
  /// Once the kernel is analyzed: turns the conditional-node form off for
  /// the loops whose moved values the host uses after them, or which the
  /// next trip of \p Enclosing, the host loop around them, would start
  /// from stale host values.
  void checkGraphLoops(std::vector<Step> &Steps,
                       const Step *Enclosing = nullptr);
  // DerivedScalars.cpp
  /// Whether a scratch slot can hold \p Var: a number or a pointer; in a
  /// template, in every instantiation the file makes.
  bool fitsDeviceScalar(const clang::VarDecl *Var) const;
  /// Whether \p Value reads device scalars, and no device memory.
  bool computedFromDeviceScalars(const clang::Expr *Value) const;
  /// \p Var is a device scalar from here on, computed from others at
  /// \p Where.
  void makeDerivedScalar(const clang::VarDecl *Var, clang::SourceLocation Where);
  /// 'float alpha = rr / pap;': a local declared with a value computed from
  /// device scalars becomes one; false if \p DS is not such a declaration.
  bool analyzeDerivedScalar(const clang::DeclStmt *DS, std::vector<Step> &Out);
  // HostCode.cpp
  /// A statement marked '#pragma qd host'.
  void analyzeHostCode(const clang::Stmt *S, const Directive &D,
                       std::vector<Step> &Out);
  // HostCodeReuse.cpp
  /// Fills \p Host's ReuseKey for a '#pragma qd host reuse' statement, or
  /// reports why the statement cannot be reused; false then.
  bool analyzeHostCodeReuse(const Directive &D, Step &Host);
  /// A non-const reference parameter that device code uses, reported: only
  /// host statements may (checkSignature lets it pass).
  void checkHostOnlyReferences(const clang::FunctionDecl *FD);
  /// The reductions' results that a 'host wait' statement reads, which the
  /// host copies back before it runs; false (reported) if it changes one.
  bool waitReadsDeviceScalars(const clang::Stmt *S,
                              std::vector<Capture> &Reads);
  // KernelCalls.cpp
  /// A call of a kernel as a whole statement; false if \p S is not one.
  bool analyzeKernelCall(const clang::Stmt *S, std::vector<Step> &Out);
  /// Reports kernels that call themselves, directly or not, and marks the
  /// kernels that others call.
  void checkKernelCalls(std::vector<KernelPlan> &Plans);

  /// Reports a reduction into a variable declared outside the host branch
  /// or seq loop around the loop, whose result would depend on the path.
  bool checkReductionScope(const Reduction &R, clang::SourceLocation At);
  // BlockReductions.cpp
  /// Reports each use, in another block of \p Region, of a kernel-body local
  /// that \p New reduces into, and each use in \p New of one that an earlier
  /// block of \p Region reduces into.
  void checkKernelLocalReductions(const Step &Region, const Block &New);
  // PrivateLocals.cpp
  /// Fills \p S.Privates with the uninitialized locals its device code
  /// writes (but \p Indices), and reports those it may read first.
  bool analyzePrivates(Step &S, llvm::ArrayRef<const clang::VarDecl *> Indices);
  /// Reports a read in host code of a variable that device code made
  /// private.
  void checkPrivatizedReads(const clang::Stmt *S);
  void checkPrivatizedReads(
      const clang::Stmt *S,
      llvm::function_ref<bool(const clang::VarDecl *)> Among);
  void checkPrivatizedCaptures(const Step &S);
  /// The same for '#pragma qd host' code, which runs as written: like the
  /// serial program it may assign such a variable, which gives it a value
  /// again; only a read before that has none.
  void checkHostCodePrivatizedReads(const clang::Stmt *S);
  /// Reports \p Ref, a host read of a local in Privatized, unless it was
  /// reported before; returns whether it reported it.
  bool reportPrivatizedRead(const clang::DeclRefExpr *Ref);
  /// Records that the host assigns \p Var here: a read after it in the same
  /// loop body sees that value in every trip.
  void noteHostAssignment(const clang::VarDecl *Var);
  /// Ends the innermost of HostLoopTrips: reports the reads in its body of
  /// locals that the body's own device code leaves private for the next
  /// trip.
  void checkPrivatizedReadsNextTrip();

  // Globals.cpp
  /// Makes the namespace-scope variables that \p Code reads host values,
  /// which it captures; reports writes and non-const arrays.
  bool passGlobals(const clang::Stmt *Code);
  /// Fills Plan->GlobalAliases; a bare name that a parameter, a local or
  /// another alias of the kernel has too is an error.
  void aliasQualifiedGlobals(const clang::FunctionDecl *FD);
  /// A host statement or 'loop seq' init \p E: an assignment to a variable
  /// gives it a host value again.
  void assignOnHost(const clang::Expr *E);

  void analyzeStatement(const clang::Stmt *S, const Directive *LoopDirective,
                        std::vector<Step> &Out);
  void analyzeLoop(const clang::ForStmt *For, const Directive *LoopDirective,
                   std::vector<Step> &Out);
  /// Whether \p DS declares host scalars: scalars whose initializers the
  /// host evaluates, and uninitialized fixed-size arrays, which only exist
  /// in the device code that writes them (PrivateLocals.h).
  bool isHostScalarDecl(const clang::DeclStmt *DS);
  void checkDeviceLocals(const clang::Stmt *S);
  void checkNoHostAddress(const clang::DeclStmt *DS);
  void checkCaptureTypes(const std::vector<Capture> &Captures,
                         const clang::Stmt *DeviceCode);
  /// Reports device code \p S that may write a host value other than
  /// \p Own (its loop indices and private locals) and \p Reductions.
  void checkHostValueWrites(const clang::Stmt *S,
                            llvm::ArrayRef<const clang::VarDecl *> Own = {},
                            llvm::ArrayRef<Reduction> Reductions = {});
  bool analyzeReductions(const Directive &D, const clang::Stmt *Body, Step &Loop);
  void passDeviceScalars(Step &S);
  /// The host values a one-thread task (Task.S) reads, but \p Own, as its
  /// captures: checked, and reductions' results read from their slots.
  void captureTaskValues(Step &Task, llvm::ArrayRef<const clang::VarDecl *> Own);
  void reportMisplaced(const Directive &D);
};

} // namespace qd

#endif
