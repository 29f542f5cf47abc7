//===- DiagnosticIds.h - qd-translate's own diagnostics -----------*- C++ -*-===//
//
// Every message the translator emits goes through clang's DiagnosticsEngine,
// so it prints like clang (file:line:col, source line, caret, color) and tests
// can check it with clang's -verify.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_DIAGNOSTICIDS_H
#define QD_TRANSLATOR_DIAGNOSTICIDS_H

#include "clang/Basic/Diagnostic.h"

namespace qd {

enum class Diag {
  // Pragma syntax.
  MissingDirective,
  UnknownDirective,
  UnknownDirectiveSuggest,
  StreamParallelTakesNoArguments,
  UnknownClause,
  UnknownClauseSuggest,
  DuplicateClause,
  MalformedBlockDim,
  BlockDimOutOfRange,
  ExtraTokens,
  // Placement.
  KernelNotFunctionDefinition,
  KernelNotAtNamespaceScope,
  DirectiveNotFollowedByStatement,
  StreamParallelOutsideKernel,
  StreamParallelAtNamespaceScope,
  DirectiveOutsideMainFile,
  DuplicateDirective,
  StreamParallelNested,
  StreamParallelInLoop,
  LoopDirectiveMisplaced,
  NoteEnclosingBlock,
  // Kernel signature.
  KernelReturnsNonVoid,
  KernelFunctionTryBlock,
  KernelIsMethod,
  KernelParameterNotPassable,
  KernelTemplateParameterUnnamed,
  // Statements.
  UnsupportedLoopForm,
  LoopBoundUsesDeviceData,
  StatementInParallelLoop,
  ReturnInKernelStatement,
  DeviceLocalUsedLater,
  HostValueWrittenOnDevice,
  NoteDeviceLocalDeclared,
  HostScalarDependentAuto,
  CalleeNotDefined,
  CalleeVirtual,
  // Warnings.
  EmptyBlock,
  SerialLoop,
};

/// Emits \p D at \p Loc through \p Engine, registering the custom ID on first
/// use.
clang::DiagnosticBuilder report(clang::DiagnosticsEngine &Engine,
                                clang::SourceLocation Loc, Diag D);

} // namespace qd

#endif
