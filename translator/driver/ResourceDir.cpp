// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ResourceDir.cpp ----------------------------------------------------===//
#include "driver/ResourceDir.h"
#include "clang/Basic/Version.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace qd {
namespace {
std::string join(llvm::StringRef A, llvm::StringRef B, llvm::StringRef C = "",
                 llvm::StringRef D = "") {
  llvm::SmallString<256> Path(A);
  llvm::sys::path::append(Path, B, C, D);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}
} // namespace

std::vector<std::string>
resourceDirCandidates(const std::string &ExecutablePath) {
  const std::string Major = std::to_string(CLANG_VERSION_MAJOR);
  llvm::StringRef BinDir = llvm::sys::path::parent_path(ExecutablePath);
  return {
      // Installed next to the tool, as clang lays it out.
      join(BinDir, "..", "lib/clang", Major),
      // Installed into a prefix that also has Debian's LLVM layout.
      join(BinDir, "..", "lib/llvm-" + Major + "/lib/clang", Major),
      // The Clang this binary was built against.
      QD_CLANG_RESOURCE_DIR,
  };
}

std::optional<std::string> findResourceDir(const std::string &ExecutablePath) {
  for (const std::string &Dir : resourceDirCandidates(ExecutablePath))
    if (llvm::sys::fs::exists(join(Dir, "include", "stddef.h")))
      return Dir;
  return std::nullopt;
}

std::optional<std::string> findQdIncludeDir(const std::string &ExecutablePath) {
  llvm::StringRef BinDir = llvm::sys::path::parent_path(ExecutablePath);
  for (const std::string &Dir :
       {join(BinDir, "..", "include"), std::string(QD_SOURCE_INCLUDE_DIR)})
    if (llvm::sys::fs::exists(join(Dir, "qd", "qd.h")))
      return Dir;
  return std::nullopt;
}

} // namespace qd
