// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Templates.cpp ------------------------------------------------------===//
#include "codegen/Templates.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"

namespace qd {
namespace {

/// The source of \p Name for \p T: its own directory first, then common/.
const std::string &templateSource(Target T, const std::string &Name) {
  const auto &All = embeddedTemplates();
  auto It = All.find((targetInfo(T).TemplateDir + "/" + Name).str());
  if (It == All.end())
    It = All.find("common/" + Name);
  if (It == All.end())
    llvm::report_fatal_error(llvm::Twine("no template '") + Name +
                             "' for target '" + targetInfo(T).Name +
                             "' is built into qd-translate");
  return It->second;
}

} // namespace

std::string renderTemplate(Target T, const std::string &Name,
                           const TemplateData &Data) {
  // Parsed once per target and template: a large input renders them
  // thousands of times.
  static std::map<std::pair<Target, std::string>, kainjow::mustache::mustache>
      Parsed;
  auto Found = Parsed.find({T, Name});
  if (Found == Parsed.end()) {
    Found = Parsed
                .emplace(std::make_pair(T, Name),
                         kainjow::mustache::mustache(templateSource(T, Name)))
                .first;
    if (!Found->second.is_valid())
      llvm::report_fatal_error(
          llvm::Twine("template '") + Name + "' of target '" +
          targetInfo(T).Name +
          "' is malformed: " + Found->second.error_message());
    Found->second.set_custom_escape([](const std::string &S) { return S; });
  }
  return Found->second.render(Data);
}

std::string licenceNote(Target T, const std::string &SourceName) {
  TemplateData Data;
  Data.set("source", SourceName);
  return llvm::StringRef(renderTemplate(T, "licence_note", Data))
      .rtrim('\n')
      .str();
}

std::string templateString(const TemplateData &Data, const std::string &Key) {
  const TemplateData *V = Data.get(Key);
  return V && V->is_string() ? V->string_value() : std::string();
}

} // namespace qd
