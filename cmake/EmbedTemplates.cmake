# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Writes OUTPUT, a C++ file that holds every templates/<dir>/<name>.mustache
# as a string, keyed "<dir>/<name>". Run with cmake -P.
file(GLOB_RECURSE files RELATIVE "${TEMPLATE_ROOT}" "${TEMPLATE_ROOT}/*.mustache")
list(SORT files)
set(body "")
foreach(rel IN LISTS files)
  file(READ "${TEMPLATE_ROOT}/${rel}" text)
  # A template's first-line comment (its SPDX line) is dropped: a mustache
  # comment alone on a line would leave an empty line in every output.
  string(REGEX REPLACE "^{{![^\n]*}}\n" "" text "${text}")
  string(REGEX REPLACE "\\.mustache$" "" key "${rel}")
  string(APPEND body "    {\"${key}\", R\"qdtemplate(${text})qdtemplate\"},\n")
endforeach()
set(content "// Generated from templates/ by cmake/EmbedTemplates.cmake. Do not edit.
#include \"codegen/Templates.h\"

namespace qd {
const std::map<std::string, std::string> &embeddedTemplates() {
  static const std::map<std::string, std::string> Templates = {
${body}  };
  return Templates;
}
} // namespace qd
")
file(WRITE "${OUTPUT}.tmp" "${content}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
