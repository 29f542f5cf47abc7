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

#include "CaptureAnalysis.h"
#include "Directive.h"
#include "KernelModel.h"
#include "ReductionAnalysis.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"

namespace qd {

class Analyzer {
public:
  Analyzer(clang::ASTContext &Context, DirectiveList &Directives)
      : Context(Context), SM(Context.getSourceManager()),
        Diags(Context.getDiagnostics()), Directives(Directives) {}

  std::vector<KernelPlan> run();

private:
  clang::ASTContext &Context;
  const clang::SourceManager &SM;
  clang::DiagnosticsEngine &Diags;
  DirectiveList &Directives;

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

  clang::SourceLocation fileLoc(clang::SourceLocation L) const {
    return SM.getExpansionLoc(L);
  }
  bool before(clang::SourceLocation A, clang::SourceLocation B) const {
    return SM.isBeforeInTranslationUnit(fileLoc(A), fileLoc(B));
  }
  bool within(clang::SourceLocation L, clang::SourceRange R) const {
    return !before(L, R.getBegin()) && !before(fileLoc(R.getEnd()), L);
  }

  void analyzeKernel(Directive &D, const clang::Decl *Target);
  bool checkSignature(const clang::FunctionDecl *FD);
  std::vector<std::vector<Directive *>>
  attachDirectives(const clang::CompoundStmt *Body, bool AllowStreamParallel);
  void analyzeSequence(const clang::CompoundStmt *Body, bool TopLevel,
                       std::vector<Step> &Out);
  void analyzeStatement(const clang::Stmt *S, const Directive *LoopDirective,
                        std::vector<Step> &Out);
  void analyzeLoop(const clang::ForStmt *For, const Directive *LoopDirective,
                   std::vector<Step> &Out);
  bool isHostScalarDecl(const clang::DeclStmt *DS);
  void checkDeviceLocals(const clang::Stmt *S);
  void checkNoHostAddress(const clang::DeclStmt *DS);
  void checkCaptureTypes(const std::vector<Capture> &Captures,
                         const clang::Stmt *DeviceCode);
  void checkHostValueWrites(const clang::Stmt *S, const clang::VarDecl *LoopVar = nullptr,
                            llvm::ArrayRef<Reduction> Reductions = {});
  bool analyzeReductions(const Directive &D, const clang::Stmt *Body, Step &Loop);
  void passDeviceScalars(Step &S);
  void reportMisplaced(const Directive &D);
};

} // namespace qd

#endif
