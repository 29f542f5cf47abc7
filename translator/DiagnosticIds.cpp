//===- DiagnosticIds.cpp --------------------------------------------------===//
#include "DiagnosticIds.h"

using clang::DiagnosticsEngine;

namespace qd {
namespace {

struct DiagInfo {
  DiagnosticsEngine::Level Level;
  const char *Format;
};

// Messages say what is wrong and what to write instead.
DiagInfo infoFor(Diag D) {
  using L = DiagnosticsEngine::Level;
  switch (D) {
  case Diag::MissingDirective:
    return {L::Error, "expected a directive after '#pragma qd': 'kernel', "
                      "'stream_parallel' or 'loop'"};
  case Diag::UnknownDirective:
    return {L::Error, "unknown directive '#pragma qd %0'; expected 'kernel', "
                      "'stream_parallel' or 'loop'"};
  case Diag::UnknownDirectiveSuggest:
    return {L::Error, "unknown directive '#pragma qd %0'; did you mean '%1'?"};
  case Diag::StreamParallelTakesNoArguments:
    return {L::Error, "'#pragma qd stream_parallel' takes no arguments or "
                      "clauses; each block gets its own stream"};
  case Diag::UnknownClause:
    return {L::Error, "unknown clause '%0' on '#pragma qd %1'; the only "
                      "clause is 'block_dim(N)'"};
  case Diag::UnknownClauseSuggest:
    return {L::Error,
            "unknown clause '%0' on '#pragma qd %1'; did you mean '%2'?"};
  case Diag::DuplicateClause:
    return {L::Error, "duplicate clause '%0' on '#pragma qd %1'"};
  case Diag::MalformedBlockDim:
    return {L::Error, "malformed 'block_dim' clause; write 'block_dim(N)' "
                      "with an integer literal N from 1 to 1024"};
  case Diag::BlockDimOutOfRange:
    return {L::Error, "block_dim(%0) is out of range; CUDA and HIP allow 1 "
                      "to 1024 threads per block"};
  case Diag::ExtraTokens:
    return {L::Error, "unexpected '%0' in '#pragma qd %1'"};
  case Diag::KernelNotFunctionDefinition:
    return {L::Error, "'#pragma qd kernel' must be followed by a function "
                      "definition"};
  case Diag::KernelNotAtNamespaceScope:
    return {L::Error, "'#pragma qd kernel' must be at namespace scope, right "
                      "before a function definition"};
  case Diag::DirectiveNotFollowedByStatement:
    return {L::Error, "'#pragma qd %0' must be followed by a statement"};
  case Diag::StreamParallelOutsideKernel:
    return {L::Error, "'#pragma qd stream_parallel' is only allowed in a "
                      "kernel; mark '%0' with '#pragma qd kernel'"};
  case Diag::StreamParallelAtNamespaceScope:
    return {L::Error, "'#pragma qd stream_parallel' is only allowed inside a "
                      "kernel, before a statement"};
  case Diag::DirectiveOutsideMainFile:
    return {L::Error, "'#pragma qd' directives are translated only in the "
                      "main source file; move this kernel into the file "
                      "given to qd-translate"};
  case Diag::DuplicateDirective:
    return {L::Error, "duplicate '#pragma qd %0' on one statement"};
  case Diag::StreamParallelNested:
    return {L::Error, "'#pragma qd stream_parallel' cannot be nested in "
                      "another stream_parallel block; put the blocks side by "
                      "side in one region instead"};
  case Diag::StreamParallelInLoop:
    return {L::Error, "'#pragma qd stream_parallel' cannot appear inside a "
                      "loop body or a statement; it must be a top-level "
                      "statement of the kernel"};
  case Diag::LoopDirectiveMisplaced:
    return {L::Error, "'#pragma qd loop' must be followed by a parallel 'for' "
                      "loop at the top level of a kernel or stream_parallel "
                      "block"};
  case Diag::NoteEnclosingBlock:
    return {L::Note, "enclosing stream_parallel block is here"};
  case Diag::KernelReturnsNonVoid:
    return {L::Error, "kernel '%0' must return 'void'"};
  case Diag::KernelFunctionTryBlock:
    return {L::Error, "kernel '%0' cannot have a function-try-block; its body "
                      "runs on the device, where exceptions do not exist"};
  case Diag::KernelIsMethod:
    return {L::Error, "kernel '%0' is a member function; kernels must be "
                      "free functions at namespace scope"};
  case Diag::KernelParameterNotPassable:
    return {L::Error, "parameter '%0' of kernel '%1' cannot be passed to the "
                      "device: %2"};
  case Diag::KernelTemplateParameterUnnamed:
    return {L::Error, "template parameters of kernel '%0' must be named"};
  case Diag::UnsupportedLoopForm:
    return {L::Error, "unsupported parallel loop form: %0; write "
                      "'for (I i = begin; i < end; ++i)' (also '<=', 'i++', "
                      "'i += 1', any integer type I)"};
  case Diag::LoopBoundUsesDeviceData:
    return {L::Error, "loop %select{begin|end}0 uses '%1', which is not a "
                      "host value; bounds are evaluated on the host and may "
                      "use only scalar parameters, constants and host "
                      "scalars"};
  case Diag::StatementInParallelLoop:
    return {L::Error, "'%0' is not allowed in a parallel loop body, whose "
                      "iterations run concurrently; use 'continue' to skip "
                      "an iteration"};
  case Diag::ReturnInKernelStatement:
    return {L::Error, "'return' is not allowed in a kernel statement that "
                      "runs on the device; it would end only that task"};
  case Diag::DeviceLocalUsedLater:
    return {L::Error, "'%0' is declared by a statement that runs on the "
                      "device as a serial task, so later statements cannot "
                      "use it; make it a host scalar or store it in device "
                      "memory"};
  case Diag::HostValueWrittenOnDevice:
    return {L::Error, "'%0' is a host value that device code receives by "
                      "value; assigning to it here would not change it for "
                      "later statements or other threads; use a local "
                      "variable, or device memory"};
  case Diag::NoteDeviceLocalDeclared:
    return {L::Note, "'%0' is declared here"};
  case Diag::HostScalarDependentAuto:
    return {L::Error, "host scalar '%0' needs an explicit type; its 'auto' "
                      "type depends on a template parameter"};
  case Diag::CalleeNotDefined:
    return {L::Error, "function '%0' is called from device code but is not "
                      "defined in this translation unit; define it in this "
                      "file so it can be compiled for the device"};
  case Diag::CalleeVirtual:
    return {L::Error, "virtual function '%0' cannot be called from device "
                      "code"};
  case Diag::EmptyBlock:
    return {L::Warning, "empty stream_parallel block"};
  case Diag::SerialLoop:
    return {L::Warning, "this loop is inside a statement that runs as a "
                        "single-thread serial task, so it runs serially; make "
                        "it a top-level statement of the kernel or block to "
                        "run it in parallel"};
  }
  return {L::Error, "internal error"};
}

} // namespace

clang::DiagnosticBuilder report(DiagnosticsEngine &Engine,
                                clang::SourceLocation Loc, Diag D) {
  DiagInfo Info = infoFor(D);
  // getCustomDiagID hands back the same ID for the same level and format.
  unsigned ID = Engine.getDiagnosticIDs()->getCustomDiagID(
      static_cast<clang::DiagnosticIDs::Level>(Info.Level), Info.Format);
  return Engine.Report(Loc, ID);
}

} // namespace qd
