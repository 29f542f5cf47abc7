//===- Templates.cpp ------------------------------------------------------===//
#include "Templates.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"

namespace qd {

std::string renderTemplate(const std::string &Target, const std::string &Name,
                           const TemplateData &Data) {
  // Parsed once per template: a large input renders them thousands of times.
  static std::map<std::string, kainjow::mustache::mustache> Parsed;
  const std::string Key = Target + "/" + Name;
  auto Found = Parsed.find(Key);
  if (Found == Parsed.end()) {
    auto It = embeddedTemplates().find(Key);
    if (It == embeddedTemplates().end())
      llvm::report_fatal_error(llvm::Twine("no template '") + Key +
                               "' is built into qd-translate");
    Found = Parsed.emplace(Key, kainjow::mustache::mustache(It->second)).first;
    if (!Found->second.is_valid())
      llvm::report_fatal_error(llvm::Twine("template '") + Key +
                               "' is malformed: " +
                               Found->second.error_message());
    Found->second.set_custom_escape([](const std::string &S) { return S; });
  }
  return Found->second.render(Data);
}

} // namespace qd
