//===- Templates.cpp ------------------------------------------------------===//
#include "Templates.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"

namespace qd {

std::string renderTemplate(const std::string &Target, const std::string &Name,
                           const TemplateData &Data) {
  const std::string Key = Target + "/" + Name;
  auto It = embeddedTemplates().find(Key);
  if (It == embeddedTemplates().end())
    llvm::report_fatal_error(llvm::Twine("no template '") + Key +
                             "' is built into qd-translate");
  kainjow::mustache::mustache Template(It->second);
  if (!Template.is_valid())
    llvm::report_fatal_error(llvm::Twine("template '") + Key +
                             "' is malformed: " + Template.error_message());
  Template.set_custom_escape([](const std::string &S) { return S; });
  return Template.render(Data);
}

} // namespace qd
