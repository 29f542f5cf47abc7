// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Templates.h - The code-generation templates ----------------*- C++ -*-===//
//
// Generated code comes from templates/<dir>/<name>.mustache, embedded in the
// binary at build time (cmake/EmbedTemplates.cmake). kainjow::mustache is a
// single-header, logic-less engine: templates hold the code's shape, the C++
// side decides what goes in.
//
// A target renders from its own directory (TargetInfo::TemplateDir), and a
// template found in none of them comes from templates/common/, which holds
// what every target writes the same way. So a shape shared by all targets is
// written once, and a target overrides it by adding a file of the same name.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_TEMPLATES_H
#define QD_TRANSLATOR_TEMPLATES_H

#include "codegen/Target.h"
#include <kainjow/mustache.hpp>
#include <map>
#include <string>

namespace qd {

/// Every embedded template, keyed "<dir>/<name>".
const std::map<std::string, std::string> &embeddedTemplates();

using TemplateData = kainjow::mustache::data;

/// The string \p Data holds under \p Key, or "" (unset, or not a string).
std::string templateString(const TemplateData &Data, const std::string &Key);

/// Renders <Name>.mustache of \p T's template directory, or of common/ if the
/// target has none of that name. Values are inserted verbatim: this is C++,
/// not HTML.
std::string renderTemplate(Target T, const std::string &Name,
                           const TemplateData &Data);

/// The banner line of every generated file that says whose licence covers
/// what in it: the code translated from \p SourceName keeps the user's, the
/// runtime headers it includes are ours.
std::string licenceNote(Target T, const std::string &SourceName);

} // namespace qd

#endif
