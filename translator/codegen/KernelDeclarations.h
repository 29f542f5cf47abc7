// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelDeclarations.h - Called kernels declared early -------*- C++ -*-===//
//
// SPEC section 1, "Any definition order": a kernel may call a kernel that is
// only declared above it and defined further down, as serial C programs are
// written. The caller's code calls the functions that the callee's rendering
// defines (KernelCallCodeGen.cpp), so those are declared where the user
// declared the callee.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_KERNELDECLARATIONS_H
#define QD_TRANSLATOR_KERNELDECLARATIONS_H

#include "analysis/KernelModel.h"
#include "codegen/KernelCodeGen.h"
#include "codegen/SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include <string>
#include <vector>

namespace qd {

struct TextInsertion {
  clang::SourceLocation Loc;
  std::string Text;
};

/// For each kernel of \p Plans that another kernel calls and that is
/// declared before its definition: the declarations of its called-kernel
/// functions, right after its first declaration (or after the main file's
/// '#include' that brings that declaration in). None for the cpu target,
/// whose callers call the kernel itself.
std::vector<TextInsertion>
calledKernelDeclarations(const clang::ASTContext &Context,
                         const SourceText &Source,
                         const std::vector<KernelPlan> &Plans,
                         const CodeGenOptions &Options);

/// Turns each '#pragma qd kernel' on a declaration without a body
/// (Directive::OnDeclaration) into a comment: its definition is rendered as
/// the kernel.
void commentKernelDeclarationDirectives(const DirectiveList &Directives,
                                        clang::Rewriter &Rewrite);

} // namespace qd

#endif
