//===- Templates.h - The code-generation templates ----------------*- C++ -*-===//
//
// Generated code comes from templates/<target>/<name>.mustache, embedded in
// the binary at build time (cmake/EmbedTemplates.cmake). kainjow::mustache is
// a single-header, logic-less engine: templates hold the code's shape, the
// C++ side decides what goes in.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_TEMPLATES_H
#define QD_TRANSLATOR_TEMPLATES_H

#include <kainjow/mustache.hpp>
#include <map>
#include <string>

namespace qd {

/// Every embedded template, keyed "<target>/<name>".
const std::map<std::string, std::string> &embeddedTemplates();

using TemplateData = kainjow::mustache::data;

/// Renders templates/<Target>/<Name>.mustache. Values are inserted verbatim:
/// this is C++, not HTML.
std::string renderTemplate(const std::string &Target, const std::string &Name,
                           const TemplateData &Data);

} // namespace qd

#endif
