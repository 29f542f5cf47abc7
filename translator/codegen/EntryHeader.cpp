// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- EntryHeader.cpp ----------------------------------------------------===//
#include "codegen/EntryHeader.h"
#include "codegen/EntrySignatures.h"
#include "codegen/Templates.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace qd {
namespace {

/// The declarations of the named types a parameter's written type uses:
/// typedefs, classes, enums, templates.
class TypeDeclCollector : public RecursiveASTVisitor<TypeDeclCollector> {
public:
  llvm::SmallVector<const NamedDecl *, 4> Found;
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    Found.push_back(TL.getTypedefNameDecl());
    return true;
  }
  bool VisitTagTypeLoc(TagTypeLoc TL) {
    Found.push_back(TL.getDecl());
    return true;
  }
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    if (const TemplateDecl *T =
            TL.getTypePtr()->getTemplateName().getAsTemplateDecl())
      Found.push_back(T);
    return true;
  }
};

class HeaderBuilder {
public:
  HeaderBuilder(ASTContext &Context,
                const std::vector<IncludeDirective> &Directives,
                llvm::StringRef HeaderPath)
      : Context(Context), SM(Context.getSourceManager()),
        Directives(Directives),
        HeaderPath(normalizedPath(HeaderPath)),
        HeaderDir(llvm::sys::path::parent_path(this->HeaderPath).str()) {}

  /// Adds the includes \p FD's parameter types need; on failure, the reason
  /// the header cannot declare it.
  std::optional<std::string> addIncludesFor(const FunctionDecl *FD) {
    for (const ParmVarDecl *P : FD->parameters()) {
      TypeDeclCollector Collector;
      if (const TypeSourceInfo *TSI = P->getTypeSourceInfo())
        Collector.TraverseTypeLoc(TSI->getTypeLoc());
      for (const NamedDecl *D : Collector.Found) {
        FileID File = SM.getFileID(SM.getExpansionLoc(D->getLocation()));
        if (File == SM.getMainFileID())
          return "the type of parameter '" + P->getNameAsString() + "', '" +
                 D->getNameAsString() +
                 "', is defined in the source itself; move it to a header "
                 "that both files include";
        if (const IncludeDirective *Directive = topLevelInclude(File))
          Needed.insert(Directive);
      }
    }
    return std::nullopt;
  }

  /// The include lines, in the order of the source.
  std::vector<std::string> includeLines(std::string &Unquotable) const {
    std::vector<const IncludeDirective *> Sorted(Needed.begin(), Needed.end());
    llvm::sort(Sorted, [&](const IncludeDirective *A,
                           const IncludeDirective *B) {
      return SM.isBeforeInTranslationUnit(A->HashLoc, B->HashLoc);
    });
    std::vector<std::string> Lines;
    for (const IncludeDirective *D : Sorted) {
      std::string Spelling =
          Lexer::getSourceText(D->FilenameRange, SM, Context.getLangOpts())
              .str();
      // The source's neighbours, seen from where the header is written.
      if (D->Includer == SM.getMainFileID() && D->FoundNextToIncluder) {
        std::string Path = relativePath(HeaderDir, D->Target);
        if (!quotableInInclude(Path) && Unquotable.empty())
          Unquotable = Path;
        Spelling = "\"" + Path + "\"";
      }
      std::string Line = "#include " + Spelling;
      if (std::find(Lines.begin(), Lines.end(), Line) == Lines.end())
        Lines.push_back(Line);
    }
    return Lines;
  }

private:
  ASTContext &Context;
  const SourceManager &SM;
  const std::vector<IncludeDirective> &Directives;
  std::string HeaderPath;
  std::string HeaderDir;
  llvm::SetVector<const IncludeDirective *> Needed;

  bool isEntryHeader(FileID File) const {
    OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
    return Entry && normalizedPath(Entry->getName()) == HeaderPath;
  }

  /// The directive of the source, or of the entry header itself (already
  /// spelled for the header's place), that brought \p File in.
  const IncludeDirective *topLevelInclude(FileID File) const {
    while (File.isValid()) {
      SourceLocation IncludeLoc = SM.getIncludeLoc(File);
      if (IncludeLoc.isInvalid())
        return nullptr; // predefines or the command line
      FileID Includer = SM.getFileID(IncludeLoc);
      if (Includer == SM.getMainFileID() || isEntryHeader(Includer)) {
        unsigned Line = SM.getSpellingLineNumber(IncludeLoc);
        for (const IncludeDirective &D : Directives)
          if (D.Includer == Includer &&
              SM.getSpellingLineNumber(D.HashLoc) == Line)
            return &D;
        return nullptr;
      }
      File = Includer;
    }
    return nullptr;
  }
};

/// Opens and closes the namespaces around \p FD; false for an unnamed one.
bool namespaces(const FunctionDecl *FD, std::string &Open,
                std::string &Close) {
  for (const DeclContext *DC = FD->getDeclContext(); !DC->isTranslationUnit();
       DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS)
      continue; // extern "C++" and the like
    if (NS->isAnonymousNamespace())
      return false;
    Open = (NS->isInline() ? "inline namespace " : "namespace ") +
           NS->getNameAsString() + " {\n" + Open;
    Close += "} // namespace " + NS->getNameAsString() + "\n";
  }
  return true;
}

} // namespace

std::string renderEntryHeader(ASTContext &Context, const SourceText &Source,
                              const std::vector<KernelPlan> &Plans,
                              const std::vector<IncludeDirective> &Directives,
                              llvm::StringRef HeaderPath,
                              llvm::StringRef SourceName, Target T,
                              std::string &Unquotable) {
  const SourceManager &SM = Context.getSourceManager();
  HeaderBuilder Builder(Context, Directives, HeaderPath);
  TemplateData Kernels{TemplateData::type::list};
  TemplateData LeftOut{TemplateData::type::list};
  for (const KernelPlan &Plan : Plans) {
    const FunctionDecl *FD = Plan.Function;
    TemplateData Kernel;
    Kernel.set("kernel", FD->getNameAsString());
    Kernel.set("source", SourceName.str());
    Kernel.set("line",
               std::to_string(SM.getExpansionLineNumber(Plan.PragmaLoc)));
    std::string Open, Close;
    std::optional<std::string> Reason;
    if (!namespaces(FD, Open, Close) ||
        FD->getFormalLinkage() == Linkage::Internal)
      Reason = "it has internal linkage (static, or in an unnamed "
               "namespace), so only its own file can call it";
    else
      Reason = Builder.addIncludesFor(FD);
    if (Reason) {
      Kernel.set("reason", *Reason);
      LeftOut.push_back(Kernel);
      continue;
    }
    EntrySignatures Signatures = entrySignatures(FD, Source);
    std::string Arguments;
    for (const std::string &Argument : Signatures.Arguments)
      Arguments += (Arguments.empty() ? "" : ", ") + Argument;
    Kernel.set("namespace_open", Open);
    Kernel.set("namespace_close", Close);
    Kernel.set("template_header", templateHeader(Plan.Template, Source));
    Kernel.set("template_args", templateArguments(Plan.Template));
    Kernel.set("default_signature", Signatures.Default);
    Kernel.set("stream_signature", Signatures.Stream);
    Kernel.set("inline", FD->isInlineSpecified() ? "" : "inline ");
    Kernel.set("arguments", Arguments);
    Kernels.push_back(Kernel);
  }
  TemplateData Includes{TemplateData::type::list};
  for (const std::string &Line : Builder.includeLines(Unquotable)) {
    TemplateData Include;
    Include.set("directive", Line);
    Includes.push_back(Include);
  }
  TemplateData Data;
  Data.set("version", QD_VERSION);
  Data.set("source", SourceName.str());
  Data.set("licence_note", licenceNote(T, SourceName.str()));
  Data.set("includes", Includes);
  Data.set("kernels", Kernels);
  Data.set("left_out", LeftOut);
  return renderTemplate(T, "entry_header", Data);
}

} // namespace qd
