// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelDeclarationDirectives.h - '#pragma qd kernel' on a prototype -*- C++ -*-===//
//
// SPEC section 1, "Any definition order": headers declare kernels, as
// OpenACC's 'routine' is put on prototypes: '#pragma qd kernel' then
// 'void step(double dt);'. Such a directive marks the function: its
// definition in the file is the kernel, whether or not the definition has a
// directive of its own, and if it has, the two must ask for the same
// clauses. A kernel declared so and defined in another file is that file's
// to translate; here the directive declares nothing more.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_KERNELDECLARATIONDIRECTIVES_H
#define QD_TRANSLATOR_KERNELDECLARATIONDIRECTIVES_H

#include "pragmas/Directive.h"
#include "clang/AST/ASTContext.h"
#include <vector>

namespace qd {

/// A kernel directive and the declaration after it.
struct KernelTarget {
  Directive *D = nullptr;
  /// A function or function template; null if none follows.
  const clang::Decl *Target = nullptr;
  /// The directive is on an earlier declaration of Target, a definition:
  /// the generated code replaces the definition alone.
  bool OnDeclaration = false;
};

/// Resolves the directives of \p Targets that are on declarations without
/// a body: one whose definition in the main file has its own directive is
/// dropped after its clauses are compared (an error where they differ); one
/// whose definition has none targets the definition; one with no definition
/// in the main file is dropped. Every one resolved is marked
/// Directive::OnDeclaration, for the output to turn into a comment.
void resolveKernelDeclarations(std::vector<KernelTarget> &Targets,
                               clang::ASTContext &Context);

} // namespace qd

#endif
