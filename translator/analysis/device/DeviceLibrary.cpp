// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DeviceLibrary.cpp --------------------------------------------------===//
#include "analysis/device/DeviceLibrary.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace qd {
namespace {

/// The CUDA math API and HIP's device math headers both provide these, for
/// double and (with an 'f' suffix, or as std:: overloads) for float.
const llvm::StringSet<> &mathFunctions() {
  static const llvm::StringSet<> Names = {
      "abs",       "labs",      "llabs",     "fabs",   "sqrt",     "rsqrt",
      "cbrt",      "rcbrt",     "hypot",     "sin",    "cos",      "tan",
      "asin",      "acos",      "atan",      "atan2",  "sinh",     "cosh",
      "tanh",      "asinh",     "acosh",     "atanh",  "sincos",   "sinpi",
      "cospi",     "exp",       "exp2",      "exp10",  "expm1",    "log",
      "log2",      "log10",     "log1p",     "logb",   "ilogb",    "pow",
      "floor",     "ceil",      "round",     "trunc",  "rint",     "nearbyint",
      "lround",    "llround",   "lrint",     "llrint", "fmod",     "remainder",
      "remquo",    "fmin",      "fmax",      "fdim",   "fma",      "frexp",
      "ldexp",     "modf",      "scalbn",    "scalbln", "erf",     "erfc",
      "erfinv",    "erfcinv",   "tgamma",    "lgamma", "copysign", "nextafter",
      "nan",       "isnan",     "isinf",     "isfinite", "signbit", "isnormal",
      "fpclassify", "norm3d",   "norm4d",    "rhypot"};
  return Names;
}

/// C library functions with device versions on both vendors.
const llvm::StringSet<> &cFunctions() {
  static const llvm::StringSet<> Names = {
      "printf", "malloc", "free", "memcpy", "memset",
      // What assert() expands to in glibc and newlib.
      "__assert_fail", "__assert_func", "__assert_rtn"};
  return Names;
}

bool inStdOrGlobal(const FunctionDecl *FD) {
  const DeclContext *DC = FD->getDeclContext()->getRedeclContext();
  return DC->isTranslationUnit() || DC->isStdNamespace() ||
         (isa<LinkageSpecDecl>(DC));
}

} // namespace

bool hasDeviceVersion(const FunctionDecl *FD) {
  return FD->isConstexpr() || hasLibraryDeviceVersion(FD);
}

bool hasLibraryDeviceVersion(const FunctionDecl *FD) {
  if (!FD->getIdentifier() || !inStdOrGlobal(FD) || isa<CXXMethodDecl>(FD))
    return false;
  llvm::StringRef Name = FD->getName();
  if (cFunctions().contains(Name) || mathFunctions().contains(Name))
    return true;
  // sqrtf, fabsf, ...: the float versions.
  return Name.size() > 1 && Name.ends_with("f") &&
         mathFunctions().contains(Name.drop_back());
}

bool isMarkedHostDevice(const FunctionDecl *FD) {
  for (const FunctionDecl *Redecl : FD->redecls())
    for (const auto *A : Redecl->specific_attrs<AnnotateAttr>())
      if (A->getAnnotation() == "qd_host_device")
        return true;
  return false;
}

} // namespace qd
