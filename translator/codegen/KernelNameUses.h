// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelNameUses.h - A kernel's name used as a value ---------*- C++ -*-===//
//
// A kernel gets a second entry point that takes a stream, so its name is
// overloaded in the output. Where the user's code uses the name as a value
// ('fn = pack ? pack_left : unpack_left;'), the output names the entry point
// the user wrote by its type.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_KERNELNAMEUSES_H
#define QD_TRANSLATOR_KERNELNAMEUSES_H

#include "analysis/KernelModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include <vector>

namespace qd {

/// Whether \p Loc lies in the text that one of \p Plans' kernels replaces
/// with its rendering.
bool inKernelDefinition(clang::SourceLocation Loc,
                        const std::vector<KernelPlan> &Plans,
                        const clang::SourceManager &SM);

/// Rewrites each use of a kernel's name outside kernels that is not the
/// callee of a call as 'static_cast<T*>(name)', T the kernel's type.
void rewriteKernelNamesAsValues(clang::ASTContext &Context,
                                const std::vector<KernelPlan> &Plans,
                                clang::Rewriter &Rewrite);

} // namespace qd

#endif
