// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- EntryHeader.h - The entry-point header (--header) ---------*- C++ -*-===//
//
// Other translation units call a kernel through its two host entry points;
// the entry-point header declares them, with the includes their parameter
// types need. The kernel's own file may include it too, to call the stream
// entry point from its host code: in the serial build (QD_SERIAL_BUILD) the
// header defines that entry point to run the kernel on the calling thread.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_ENTRYHEADER_H
#define QD_TRANSLATOR_ENTRYHEADER_H

#include "analysis/KernelModel.h"
#include "codegen/SourceText.h"
#include "codegen/Target.h"
#include "codegen/UserHeaders.h"
#include "clang/AST/ASTContext.h"
#include <string>

namespace qd {

/// The entry-point header of the main file's kernels \p Plans, to be written
/// at \p HeaderPath (absolute). \p SourceName is the source as the user named
/// it. Kernels that other files cannot call (internal linkage, a parameter
/// type defined in the source itself) are left out, with the reason. An
/// include whose path a quoted '#include' cannot hold goes to \p Unquotable.
std::string renderEntryHeader(clang::ASTContext &Context,
                              const SourceText &Source,
                              const std::vector<KernelPlan> &Plans,
                              const std::vector<IncludeDirective> &Directives,
                              llvm::StringRef HeaderPath,
                              llvm::StringRef SourceName, Target T,
                              std::string &Unquotable);

} // namespace qd

#endif
