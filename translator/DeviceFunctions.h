//===- DeviceFunctions.h - Functions device code calls ------------*- C++ -*-===//
#ifndef QD_TRANSLATOR_DEVICEFUNCTIONS_H
#define QD_TRANSLATOR_DEVICEFUNCTIONS_H

#include "KernelModel.h"
#include "clang/AST/ASTContext.h"
#include <vector>

namespace qd {

/// Every function of the main file that device code of \p Plans calls,
/// directly or through other such functions, as the declarations that need
/// '__host__ __device__' (all redeclarations in the main file; for templates,
/// the pattern). Calls that cannot run on the device are reported.
std::vector<const clang::FunctionDecl *>
findDeviceFunctions(clang::ASTContext &Context,
                    const std::vector<KernelPlan> &Plans);

} // namespace qd

#endif
