// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DataCodeGen.h - Data directives outside kernels ------------*- C++ -*-===//
//
// Each data directive outside kernels becomes, in place and on its own
// line, calls of the runtime's present table (include/qd/data.h); on the
// cpu target, where host memory is the device's, a comment.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_DATACODEGEN_H
#define QD_TRANSLATOR_DATACODEGEN_H

#include "analysis/memory/DataDirectives.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include <string>
#include <vector>

namespace qd {

/// 'qd::detail::DataItem{...}' for each item of \p D, comma-separated.
std::string dataItemList(const Directive &D);

/// The address and size in bytes of \p Item, as host expressions.
std::string dataItemAddress(const DataItem &Item);
std::string dataItemBytes(const DataItem &Item);

/// Rewrites \p Directives in \p Rewrite; \p Gpu is false on the cpu target.
void rewriteHostDataDirectives(const std::vector<HostDataDirective> &Directives,
                               clang::Rewriter &Rewrite, bool Gpu,
                               llvm::StringRef SourceName);

} // namespace qd

#endif
