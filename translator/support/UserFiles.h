// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- UserFiles.h - Which files are the user's own --------------*- C++ -*-===//
//
// Device code may call functions from the main file and from the user's own
// headers: the files under the input root (--in-root; by default the main
// file's directory) that are not system headers. Those are the files
// qd-translate may translate; everything else it must leave alone.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_USERFILES_H
#define QD_TRANSLATOR_USERFILES_H

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include <string>

namespace qd {

enum class FileOrigin {
  MainFile,
  /// Under the input root and not a system header: translated copies allowed.
  UserHeader,
  /// Found through a system include path (-isystem, the standard library).
  SystemHeader,
  /// Any other header, such as a library's outside the input root.
  OtherHeader,
};

class UserFiles {
public:
  /// \p InRoot is an absolute, real directory path.
  UserFiles(const clang::SourceManager &SM, std::string InRoot)
      : SM(SM), InRoot(std::move(InRoot)) {}

  /// Where the declaration at \p Loc (expanded) lives.
  FileOrigin originOf(clang::SourceLocation Loc) const;
  FileOrigin originOf(clang::FileID File) const;

  /// realPathOf() the name of \p File ("" when it has none).
  std::string realPath(clang::FileID File) const;

  /// \p Path relative to the input root, for a user header.
  std::string relativeToRoot(llvm::StringRef RealPath) const;

  const std::string &inRoot() const { return InRoot; }

private:
  const clang::SourceManager &SM;
  std::string InRoot;
  mutable llvm::DenseMap<clang::FileID, FileOrigin> Cache;
};

/// \p Path made absolute, without '.' and '..' (links are kept: the file
/// may not exist yet).
std::string normalizedPath(llvm::StringRef Path);

/// The real, absolute path of \p Path; for a file only in memory (the
/// entry-point header during translation), normalizedPath().
std::string realPathOf(llvm::StringRef Path);

/// \p Path as messages and '#line' show it: without '.' and '..', and
/// relative to the current directory when it lies inside it, as the user most
/// likely named it (clang sees the source under an absolute path when its
/// compile command runs in another directory).
std::string displayPath(llvm::StringRef Path);

/// True if \p Path is \p Dir or inside it; both absolute and normalized.
bool isWithin(llvm::StringRef Path, llvm::StringRef Dir);

/// Whether a quoted '#include "..."' can name \p Path: it holds no '"' and
/// no newline, which the directive has no way to escape.
bool quotableInInclude(llvm::StringRef Path);

/// The path that leads from directory \p FromDir to \p To, both absolute and
/// normalized ("../include/vec.h"), with '/' separators.
std::string relativePath(llvm::StringRef FromDir, llvm::StringRef To);

} // namespace qd

#endif
