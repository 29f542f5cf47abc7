// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- WarningPragmaOutput.h - qd warning pragmas in generated files -*- C++ -*-===//
//
// '#pragma clang diagnostic ignored "-Wqd-race"' and its push/pop speak to
// qd-translate only. Copied into a generated file as they were written,
// g++ warns about the unknown 'clang' pragma (-Wunknown-pragmas, in -Wall,
// also when nvcc hands the host code to it), and clang-based compilers
// (hipcc) and g++ warn about the unknown "-Wqd-..." group, so generated code
// would not build with -Werror. Their lines outside kernel definitions
// (those inside are regenerated) are rewritten in place, keeping the line
// count: a pragma naming a qd group becomes a comment, and a
// '#pragma clang diagnostic push' or 'pop' becomes the '#pragma GCC
// diagnostic' form, which g++, clang and nvcc all read, so the user's own
// pushes and pops still pair up for the settings they bracket.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_WARNINGPRAGMAOUTPUT_H
#define QD_TRANSLATOR_WARNINGPRAGMAOUTPUT_H

#include "diagnostics/WarningPragmas.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include <vector>

namespace qd {

/// Rewrites the pragmas of \p Pragmas in the main file of \p Rewrite, except
/// those inside one of \p Regenerated (kernel definitions, whose text the
/// generated code replaces).
void rewriteWarningPragmasForOutput(
    const WarningPragmas &Pragmas,
    const std::vector<clang::CharSourceRange> &Regenerated,
    clang::Rewriter &Rewrite);

} // namespace qd

#endif
