// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessAnalysis.h - Where neighbouring threads' accesses fall -*- C++ -*-===//
//
// For a parallel loop, every access through a pointer in its body ('p[e]',
// '*(p + e)'), with the distance in elements between the addresses that two
// neighbouring threads use: the coefficient of the loop's thread index in the
// index expression. Neighbouring threads take consecutive index values, so a
// coefficient of 1 (or 0: every thread reads the same element) coalesces and
// anything else does not. --remarks reports the others (issue 16), and an
// inner vector loop's thread mapping is chosen from the same numbers.
//
// The analysis says what it knows and nothing more. A coefficient is a
// polynomial in names that do not change between threads ('n', '2 * w'), or
// unknown with the reason: a data-dependent index ('x[idx[i]]'), or the index
// through '/', '%', a call or a condition.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_ACCESSANALYSIS_H
#define QD_TRANSLATOR_ACCESSANALYSIS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace qd {

/// A polynomial with integer coefficients in names that are the same for
/// every thread: {{}: 4, {"n"}: 1} is 4 + n.
class Polynomial {
public:
  using Monomial = std::vector<std::string>; // sorted names; {} is 1

  static Polynomial constant(int64_t C);
  static Polynomial name(const std::string &Name);

  bool isZero() const { return Terms.empty(); }
  /// The constant C when the polynomial is one (0 included).
  bool isConstant(int64_t &C) const;
  Polynomial operator+(const Polynomial &O) const;
  Polynomial operator-(const Polynomial &O) const;
  Polynomial operator*(const Polynomial &O) const;
  bool operator==(const Polynomial &O) const { return Terms == O.Terms; }
  /// The polynomial that multiplies \p Name (\p Name appears at most once
  /// in a term of an affine polynomial).
  Polynomial coefficientOf(const std::string &Name) const;
  /// Whether a name appears in any term.
  bool mentions(const std::string &Name) const;
  /// K when this polynomial is K times \p Unit, with K a constant; unset
  /// when it is not (or \p Unit is zero).
  std::optional<int64_t> multipleOf(const Polynomial &Unit) const;
  /// "n", "4 * n", "n * w + 1", "-1", "0"; names in their sorted order,
  /// higher degrees first.
  std::string str() const;

private:
  std::map<Monomial, int64_t> Terms; // no zero coefficients
};

/// The coefficient of the thread index in one index expression.
struct IndexStride {
  bool Known = true;
  /// Known: elements between neighbouring threads' accesses.
  Polynomial Elements;
  /// Unknown: why, and the subexpression to blame.
  std::string Reason;
  const clang::Expr *Culprit = nullptr;

  /// 0 or +-1 elements: neighbouring threads read the same element or
  /// neighbouring elements, which coalesces.
  bool coalesces() const;
  /// +-1 elements: neighbouring threads access neighbouring elements.
  bool isUnit() const;
};

struct Access {
  /// The subscript or dereference, as written.
  const clang::Expr *E = nullptr;
  /// The pointer variable accessed through, when the base is a plain name.
  const clang::ValueDecl *Pointer = nullptr;
  clang::QualType Element;
  bool Write = false;
  IndexStride Stride;
  /// The offset from the base as a polynomial in every name it uses, loop
  /// variables and locals included ('i * n + j + 1'); what is not a sum or
  /// product of names and constants is one name, its text. Two accesses
  /// through one base are at a constant distance when their offsets differ
  /// by a constant.
  Polynomial Offset;
};

/// \p E as a polynomial in the names it uses; what is not a sum or product
/// of names and integer constants is one name, its source text.
Polynomial polynomialOf(const clang::Expr *E, clang::ASTContext &Ctx);

/// \p E as written in the file (for messages), or "<expression>".
std::string sourceText(const clang::Expr *E, clang::ASTContext &Ctx);

/// The accesses through pointers in \p Body, in source order, with their
/// strides with respect to \p Index (the loop variable whose consecutive
/// values neighbouring threads take). Locals of \p Body that are initialized
/// once and never changed are followed to their initializers ('int row = i *
/// n; a[row + j]'); variables of loops nested in \p Body are the same for
/// every thread at a time, like the kernel's parameters.
std::vector<Access> analyzeAccesses(const clang::Stmt *Body,
                                    const clang::VarDecl *Index,
                                    clang::ASTContext &Context);

} // namespace qd

#endif
