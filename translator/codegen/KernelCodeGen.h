// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelCodeGen.h - Renders kernels for a target -------------*- C++ -*-===//
//
// The code generator of stream regions and kernels: turns a KernelPlan into
// device functions (one per parallel loop or serial task: a __global__ for
// CUDA and HIP, a plain function for cpu) and the two host entry points,
// whose regions fork and join pooled streams through events on GPU targets.
// The code's shape lives in templates/ (see Templates.h for the lookup).
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_KERNELCODEGEN_H
#define QD_TRANSLATOR_KERNELCODEGEN_H

#include "analysis/KernelModel.h"
#include "codegen/SourceText.h"
#include "codegen/Target.h"
#include "codegen/Templates.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>
#include <string>

namespace qd {

struct CodeGenOptions {
  qd::Target Target = qd::Target::Cuda;
  /// The input's path as the user passed it: what '#line' and messages name.
  std::string SourceName;
  bool LineDirectives = true;
  /// Graph mode for every kernel (--graphs); a kernel may also ask for it
  /// with '#pragma qd kernel graph'.
  bool Graphs = false;
};

/// Stands for '#line <next line> "<output file>"'; replaced once the whole
/// output is assembled and its line numbers are known.
constexpr const char *GeneratedLineMarker = "#line @QD_GENERATED_LINE@";

/// \p Text with every line but preprocessor directives indented by
/// \p Spaces, without a final newline.
std::string indent(llvm::StringRef Text, unsigned Spaces);

/// \p S as the body of a C string literal.
std::string cString(llvm::StringRef S);

/// '#line Line "File"', with the name escaped as a string literal.
std::string lineDirective(unsigned Line, llvm::StringRef File);

/// How generated code outside the kernel's body spells \p T: as the user
/// wrote it, except 'decltype(e)' and 'typeof(e)', whose 'e' may name a
/// parameter that is not in scope there, and the kernel's own aliases
/// ('using real = float;'), which are not either (issue 27), at any depth
/// ('decltype(n)*'). In a function-template kernel, a type that depends on
/// a template parameter is spelled with it (issue 42).
std::string spellType(clang::QualType T, const clang::PrintingPolicy &Policy);

/// The OpenMP 'reduction' clause of \p R, with a leading space.
std::string ompReductionClause(const Reduction &R);

/// '[[maybe_unused]] auto& Name = Copies[Index];': a body local's copy for
/// one of the iterations a thread runs, under the local's own name.
std::string copyBinding(const clang::VarDecl *Var, const std::string &Copies,
                        const std::string &Index);

/// One block tile of a tiled product (TileCodeGen.cpp).
struct TileShape;

struct CpuLoop {
  std::string Header;
  /// The line that declares the loop variable from the header's counter;
  /// empty when the header declares the variable itself.
  std::string Index;
};

class KernelCodeGen {
public:
  KernelCodeGen(clang::ASTContext &Context, const SourceText &Source,
                const CodeGenOptions &Options);

  /// What goes before the user's first line. \p RelaxedConstexprCallee: a
  /// library function
  /// that device code calls only because it is constexpr, for the CUDA
  /// target's guard against a build without --expt-relaxed-constexpr.
  /// \p LibraryHeaders: the headers of the device twins that renamed calls
  /// use (LibraryTwins.h).
  std::string prologue(llvm::StringRef RelaxedConstexprCallee = {},
                       llvm::ArrayRef<std::string> LibraryHeaders = {}) const;

  /// The replacement text of one kernel's definition. \p Prefix names its
  /// device functions uniquely within the translation unit.
  std::string renderKernel(const KernelPlan &Plan, const std::string &Prefix);

private:
  /// The declarations of the kernel's qualified globals under their bare
  /// names (GlobalAlias), first in each host entry.
  std::string globalAliases() const;
  /// \p D's name qualified from the global namespace, without the leading
  /// '::'.
  std::string qualifiedName(const clang::NamedDecl *D) const;

public:

private:
  clang::ASTContext &Context;
  const clang::SourceManager &SM;
  const SourceText &Source;
  CodeGenOptions Options;
  clang::PrintingPolicy Policy;

  // Per-kernel state while rendering.
  const KernelPlan *Plan = nullptr;
  std::string Prefix;
  unsigned NextDeviceFunction = 0;
  std::string DeviceFunctions;

  std::string text(clang::SourceRange Range) const;
  /// \p S with its ';'.
  std::string statementText(const clang::Stmt *S) const;
  /// statementText(S) with \p Edits applied.
  std::string editedText(const clang::Stmt *S,
                         llvm::ArrayRef<TextEdit> Edits) const;
  unsigned line(clang::SourceLocation Loc) const;
  std::string userLine(clang::SourceLocation Loc) const;
  std::string generatedLine() const;
  std::string typeOf(const clang::VarDecl *Var) const;
  /// The type of \p Var's scratch slot, where a device scalar lives.
  std::string slotTypeOf(const clang::VarDecl *Var) const;

  // Loop indices and private locals (LoopIndexCodeGen.cpp).
  /// The type of a loop's first value as the device function receives it:
  /// the variable's type, or qd::detail::StridedBegin of it for a loop that
  /// counts down or steps by more than 1.
  std::string loopBeginType(const LoopForm &L) const;
  /// The expression of that first value, evaluated on the host.
  std::string loopBegin(const LoopForm &L) const;
  /// A body local's declaration for one of the iterations a thread runs: a
  /// reference to its copy (copyBinding) and, when it has one, the
  /// initializer assigned to it (hasRowInitializer), on one line.
  std::string copyDeclaration(const clang::VarDecl *Var,
                              const std::string &Copies,
                              const std::string &Index) const;
  /// The declaration of \p L's variable at iteration \p Offset after the
  /// first value \p Begin (a 'qd_begin<d>'), in device code.
  std::string indexDeclaration(const LoopForm &L, const std::string &Begin,
                               const std::string &Offset) const;
  /// The cpu target's 'for' over \p L's iterations, and the loop variable's
  /// value in it; \p Suffix tells a collapsed dimension's names apart,
  /// \p Count is the iteration count's expression.
  CpuLoop cpuLoop(const LoopForm &L, const std::string &Suffix,
                  const std::string &Count) const;
  /// Whether the cpu target's loop over \p L compares with its bound as
  /// written, as the serial loop does, instead of one computed from the
  /// iteration count.
  bool cpuBoundAsWritten(const LoopForm &L) const;
  /// What \p S's device function takes by value: its captures and, on the
  /// cpu target, the host values of the bounds it compares with as written.
  std::vector<Capture> deviceCaptures(const Step &S) const;
  /// The iteration count of \p L starting at \p Begin; \p Checked reports
  /// a step that is not positive (host launch code only).
  std::string loopCount(const LoopForm &L, const std::string &Begin,
                        bool Checked) const;
  /// The declarations of a step's private locals, one per line, for the top
  /// of its device code.
  std::string privateDeclarations(const Step &S) const;
  /// A declaration of locals without an initializer in the host entry: its
  /// scalars [[maybe_unused]], its arrays left to the device code.
  std::string uninitializedDeclText(const clang::DeclStmt *DS) const;

  std::string renderSteps(const std::vector<Step> &Steps,
                          const std::string &Stream);
  /// What device_loop/device_task and their launches share. The device
  /// function is named \p FunctionName, or numbered after \p Kind without one.
  /// How a device function receives a step's captures: one parameter and
  /// argument per variable (Vars), and the statements that bind a variable
  /// to its name where the parameter has another.
  struct CaptureBindings {
    std::vector<const clang::VarDecl *> Vars;
    std::vector<std::string> Params, Args, Binds;
  };
  CaptureBindings bindCaptures(const Step &S) const;
  TemplateData deviceFunctionData(const Step &S, const std::string &Kind,
                                  const std::string &Stream,
                                  const std::string &FunctionName = "");
  std::string renderLoop(const Step &S, const std::string &Stream);
  /// A 'collapse(N)' nest: one launch over the product space
  /// (CollapseCodeGen.cpp).
  std::string renderCollapsedLoop(const Step &S, const std::string &Stream);
  /// Sets "launch" in \p Data (a collapse nest's) to the launch of its
  /// coarsened device function, and the plain one's when the runtime
  /// chooses (CoarsenCodeGen.cpp).
  /// \p CombineLaunch: a reduction's combine kernel launch, as
  /// addReductionCombine gave it for the plain loop.
  void addCoarsenedLaunch(const Step &S, TemplateData &Data,
                          const std::string &LeadingArgs,
                          const std::string &CombineLaunch);
  /// Sets "launch" in \p Data (a collapse(2) nest's) to the choice between
  /// its tiled product's launch and the plain one (TileCodeGen.cpp).
  void addTiledLaunch(const Step &S, TemplateData &Data,
                      const std::string &LeadingArgs);
  /// Renders \p S's tiled device function of one shape into
  /// DeviceFunctions and returns its launch (TileCodeGen.cpp).
  std::string renderTiledProduct(const Step &S, const TemplateData &Data,
                                 const TileShape &Shape,
                                 const std::string &LeadingArgs);
  /// renderTiledProduct's parts: the nest's and the product loop's
  /// variables, the operands' tiles (with the edits that read the body's
  /// operands from registers), and each output's statements.
  void setTiledLoops(const Step &S, TemplateData &Tiled);
  TemplateData tiledOperands(const Step &S, const TileShape &Shape,
                             std::vector<TextEdit> &Edits);
  void setTiledOutputs(const Step &S, const TileShape &Shape,
                       llvm::ArrayRef<TextEdit> Edits, TemplateData &Tiled);
  /// The body of a coarsened nest's full group of rows
  /// (CoarsenCodeGen.cpp).
  std::string coarsenedBody(const Step &S);
  struct CoarsenedRows {
    std::string Count;
    /// The declaration of the coarsened loop's variable for row 'qd_r'.
    std::string Index;
    llvm::DenseMap<const clang::VarDecl *, std::string> Copies;
    /// Numbers the rows' values of split assignments.
    unsigned Values = 0;
    /// The loop's reduction variables: one private copy that all rows
    /// combine into, so an assignment that reads one is never split.
    llvm::SmallPtrSet<const clang::VarDecl *, 4> Reduced;
  };
  /// \p List, with \p Visible the row locals declared before it.
  std::string coarsenedStatements(const std::vector<CoarsenedStatement> &List,
                                  CoarsenedRows &Rows,
                                  std::vector<const clang::VarDecl *> Visible);
  /// A loop's reductions: its private copies, their combine, and where the
  /// results go (ReductionCodeGen.cpp).
  void addReductionData(const Step &S, TemplateData &Data);
  /// The '#pragma omp declare reduction' lines that the cpu target's OpenMP
  /// clauses for \p Reductions need, each ending in a newline.
  std::string
  ompReductionDeclarations(llvm::ArrayRef<Reduction> Reductions) const;
  /// The call's reduction scratch, for the stream entry point.
  void addScratchData(TemplateData &Data) const;
  /// Sets "launch" in \p Data for a loop with reductions and no vector
  /// loops: its grid of one iteration per thread over \p Threads, and the
  /// combine in a kernel of its own when that grid is large
  /// (ReductionCodeGen.cpp). As addLaunch otherwise.
  void addReductionLaunch(const Step &S, TemplateData &Data,
                          const std::string &Threads,
                          const std::string &LeadingArgs, unsigned Indent);
  /// As above, with the launch of a combine kernel already rendered: the
  /// variants of one coarsened nest share their plain loop's.
  void addReductionLaunch(const Step &S, TemplateData &Data,
                          const std::string &Threads,
                          const std::string &LeadingArgs, unsigned Indent,
                          const std::string &CombineLaunch);
  /// Renders the one-block kernel that combines \p Data's loop's partials
  /// when they are apart (templates/gpu/device_reduction_apart) and returns
  /// its launch.
  std::string addReductionCombine(const Step &S, const TemplateData &Data);
  // A serial task run by the combine of the reducing loop before it
  // (CombineTaskCodeGen.cpp, analysis/loops/CombineTask.h): set by
  // renderSteps while it renders that loop.
  const Step *CombineTask = nullptr;
  bool combineTaskFits(const Step &Loop, const Step &Task) const;
  void addCombineTask(const Step &Loop, TemplateData &Data);
  /// The grid of a loop with \p Count iterations.
  std::string loopGrid(const Step &S, const std::string &Count) const;
  /// A loop whose body has vector loops (VectorLoopCodeGen.cpp): sets what
  /// the device function needs in \p Data and returns its template, or
  /// \p Plain when the loop has none.
  std::string addVectorData(const Step &S, TemplateData &Data,
                            const std::string &Plain);
  std::string vectorBody(const Step &S, unsigned &Barriers);
  std::string vectorLoopText(const Step &S, unsigned Index,
                             unsigned &Barriers);
  /// One copy of a vector loop, counting with \p Counter.
  std::string vectorLoopCopy(const VectorLoop &L, const std::string &N,
                             const std::string &Length,
                             const std::string &Counter);
  std::string leaderDeclaration(const clang::DeclStmt *DS, unsigned &Barriers);
  std::string initializerText(const clang::VarDecl *Var,
                              const clang::DeclStmt *DS) const;
  /// The kernel's type declarations that come before \p Before, each with
  /// its '#line', for the top of a device function.
  std::string typePrelude(const clang::Stmt *Before) const;
  /// A declaration of types as written, with a use of each typedef it
  /// declares (qd::detail::use_type), for a scope that may not need it.
  std::string typeDeclarationText(const clang::DeclStmt *DS) const;
  std::string cpuVectorBody(const Step &S);
  /// \p FunctionName: the device function's name, if not the next one.
  std::string renderTask(const Step &S, const std::string &Stream,
                         const std::string &FunctionName = "");
  /// Graph mode ('#pragma qd kernel graph' or --graphs) on a GPU target
  /// (LaunchCodeGen.cpp).
  bool graphMode() const;
  /// \p Name, or its graph-mode variant "graph_<Name>".
  std::string templateFor(const std::string &Name) const;
  /// Where the kernel's own steps and a region's block \p Index enqueue: a
  /// stream in stream mode, a lane of the call's graph in graph mode.
  std::string topLevelQueue() const;
  std::string blockQueue(unsigned Index) const;
  /// Sets "launch" in \p Data: the statement that launches its device
  /// function with \p Grid blocks, \p LeadingArgs then the captures and
  /// reductions, indented by \p Indent.
  void addLaunch(TemplateData &Data, const std::string &Grid,
                 const std::string &LeadingArgs, unsigned Indent);
  std::string renderRegion(const Step &S, const std::string &Stream);
  /// Host statements, 'if', 'switch', 'loop seq', 'break' and 'continue'
  /// (HostControlFlowCodeGen.cpp), enqueueing on \p Queue.
  std::string renderHostControlFlow(const Step &S, const std::string &Queue);
  /// 'for (init; Condition; inc)' of \p For, its condition replaced.
  std::string forHeader(const clang::ForStmt *For,
                        const std::string &Condition) const;
  // Device scalars set and read by the host (DeviceScalarCodeGen.cpp).
  /// The launch that sets \p C's slot to \p Value, on \p Queue.
  std::string setDeviceScalar(const Capture &C, const std::string &Value,
                              const clang::Stmt *At, const std::string &Queue);
  /// The launch that sets scratch slot \p Slot, of type \p Type, to
  /// \p Value, on \p Queue.
  std::string setSlot(const std::string &Type, unsigned Slot,
                      const std::string &Value, const clang::Stmt *At,
                      const std::string &Queue);
  std::string renderDeviceScalarInit(const Step &S, const std::string &Queue);
  std::string renderDeviceScalarSet(const Step &S, const std::string &Queue);
  /// A DeviceScalarSet whose value needs device data: one GPU thread.
  std::string renderDeviceScalarTask(const Step &S, const std::string &Queue);
  /// A host loop's condition \p Cond; for a device-condition loop, preceded
  /// by the reads of the device scalars it uses.
  std::string loopCondition(const Step &S, const clang::Expr *Cond,
                            const std::string &Queue) const;
  /// A device-condition loop with 'check_every(N)' (CheckEveryCodeGen.cpp).
  std::string renderCheckedLoop(const Step &S, const std::string &Queue);
  /// A device-condition loop as one conditional WHILE node of the call's
  /// graph (GraphLoopCodeGen.cpp).
  std::string renderGraphLoop(const Step &S, const std::string &Queue);
  /// A host statement in the body of such a loop: a one-thread kernel.
  std::string renderGraphStep(const Step &S, const std::string &Queue);
  /// A host 'if' in such a body on moved values: a conditional IF node.
  std::string renderGraphIf(const Step &S, const std::string &Queue);
  /// While a graph loop's body renders: the values it moved to slots.
  std::vector<Capture> GraphLoopMoved;
  /// Host values that live in scratch slots since a graph loop moved them
  /// there: device code reads them from their slots. While a graph loop's
  /// test renders, MovedInTask holds those it changes, bound to their slots.
  llvm::DenseMap<const clang::VarDecl *, unsigned> SlotResident, MovedInTask;
  unsigned NextGraphTest = 0;
  /// Numbers the statics of '#pragma qd host reuse' statements.
  unsigned NextHostReuse = 0;
  /// While the body of a 'check_every' loop renders: its
  /// qd::detail::LoopPredicate, which every device function launched there
  /// receives and returns at once when the loop is over.
  std::string Predicate;
  /// A statement marked '#pragma qd host' (HostCodeGen.cpp), whose
  /// qd::current_stream() is \p Queue's stream.
  std::string renderHostCode(const Step &S, const std::string &Queue);
  /// A CallerResults step: the host waits for the call's work and copies
  /// the slots of the reference parameters reduced into back into them
  /// (HostCodeGen.cpp). \p At is where the call ends: its closing brace
  /// or a 'return;'.
  std::string renderCallerResults(const Step &S, clang::SourceLocation At,
                                  const std::string &Queue);
  /// The kernel's CallerResults step, or null.
  const Step *callerResults() const;
  /// Sets "reads" and "has_reads": the copies back of \p Captures' slots
  /// after a host wait on \p Queue.
  void setWaitReads(TemplateData &Data, llvm::ArrayRef<Capture> Captures,
                    const std::string &Queue) const;
  /// 'qd::detail::read_scalar(name, slot, stream)': the host's copy of \p C
  /// takes the value of its slot once the work on \p Stream reaches it.
  std::string readScalarCall(const Capture &C, const std::string &Stream) const;
  /// A '#pragma qd update' in the kernel (DataCodeGen.cpp): its copies,
  /// enqueued on \p Queue's stream.
  std::string renderDataUpdate(const Step &S, const std::string &Queue);
  std::string renderHostEntries(const std::string &Body);
  /// A call of another kernel (KernelCallCodeGen.cpp), enqueueing on
  /// \p Queue.
  std::string renderKernelCall(const Step &S, const std::string &Queue);
  /// For a kernel that others call: its work as the caller enqueues it, in
  /// stream mode and in graph mode.
  std::string renderCalledKernel();
  /// Set while rendering a mode other than the kernel's own.
  std::optional<bool> ForcedGraphMode;
};

} // namespace qd

#endif
