// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- UserFiles.cpp ------------------------------------------------------===//
#include "support/UserFiles.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace qd {

std::string normalizedPath(llvm::StringRef Path) {
  llvm::SmallString<256> Out(Path);
  llvm::sys::fs::make_absolute(Out);
  llvm::sys::path::remove_dots(Out, /*remove_dot_dot=*/true);
  return std::string(Out);
}

std::string realPathOf(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return normalizedPath(Path);
  return std::string(Real);
}

std::string displayPath(llvm::StringRef Path) {
  if (!llvm::sys::path::is_absolute(Path)) {
    // Found through a source named relative to the current directory:
    // 'src/../inc/vec.h' shows as 'inc/vec.h', as it would if absolute.
    llvm::SmallString<256> Out(Path);
    llvm::sys::path::remove_dots(Out, /*remove_dot_dot=*/true);
    return std::string(Out);
  }
  llvm::SmallString<256> Cwd;
  if (llvm::sys::fs::current_path(Cwd))
    return Path.str();
  std::string Normal = normalizedPath(Path);
  if (!isWithin(Normal, Cwd) || Normal.size() == Cwd.size())
    return Path.str();
  return relativePath(Cwd, Normal);
}

bool isWithin(llvm::StringRef Path, llvm::StringRef Dir) {
  Dir = Dir.rtrim('/');
  return Path.starts_with(Dir) &&
         (Path.size() == Dir.size() || Path[Dir.size()] == '/');
}

std::string relativePath(llvm::StringRef FromDir, llvm::StringRef To) {
  namespace path = llvm::sys::path;
  auto FromIt = path::begin(FromDir), FromEnd = path::end(FromDir);
  auto ToIt = path::begin(To), ToEnd = path::end(To);
  while (FromIt != FromEnd && ToIt != ToEnd && *FromIt == *ToIt) {
    ++FromIt;
    ++ToIt;
  }
  llvm::SmallString<256> Out;
  for (; FromIt != FromEnd; ++FromIt)
    path::append(Out, path::Style::posix, "..");
  for (; ToIt != ToEnd; ++ToIt)
    path::append(Out, path::Style::posix, *ToIt);
  return std::string(Out);
}

std::string UserFiles::realPath(FileID File) const {
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
  return Entry ? realPathOf(Entry->getName()) : std::string();
}

std::string UserFiles::relativeToRoot(llvm::StringRef RealPath) const {
  return relativePath(InRoot, RealPath);
}

FileOrigin UserFiles::originOf(SourceLocation Loc) const {
  return originOf(SM.getFileID(SM.getExpansionLoc(Loc)));
}

FileOrigin UserFiles::originOf(FileID File) const {
  if (File == SM.getMainFileID())
    return FileOrigin::MainFile;
  auto Found = Cache.find(File);
  if (Found != Cache.end())
    return Found->second;
  FileOrigin Origin = FileOrigin::OtherHeader;
  if (SM.isInSystemHeader(SM.getLocForStartOfFile(File)))
    Origin = FileOrigin::SystemHeader;
  else if (std::string Real = realPath(File);
           !Real.empty() && isWithin(Real, InRoot))
    Origin = FileOrigin::UserHeader;
  Cache[File] = Origin;
  return Origin;
}

bool quotableInInclude(llvm::StringRef Path) {
  return Path.find_first_of("\"\n") == llvm::StringRef::npos;
}

} // namespace qd
