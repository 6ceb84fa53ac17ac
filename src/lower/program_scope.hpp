// The top-level scope of a program made of several files (LANGUAGE.md §8, docs/language.md
// "Modules"): where each top-level name is defined, and which files see which.
//
// The IR has one namespace for top-level names (ir::Module::functions, struct_by_name, ...),
// and type inference resolves struct and enum names in annotations through it, so a name is
// defined by one file of the whole program. What differs per file is *visibility*: a file sees
// its own names and those of the files it imports directly, not those of the files they import.
#pragma once
#include <map>
#include <set>
#include <string>

#include "support/source.hpp"

namespace fx::lower {

class ProgramScope {
 public:
  // A file of the program: it sees its own names (and those of the files it imports).
  void add_file(const SourceFile* file);
  // `importer` sees the names of `imported` (a file always sees its own).
  void add_import(const SourceFile* importer, const SourceFile* imported);
  // Code in `alias` (the expression of `fluxion eval`) sees what code in `file` sees.
  void see_as(const SourceFile* alias, const SourceFile* file);

  // Records the top-level definition of `name` at `loc` (loc.file is the defining file).
  // The first definition is kept; clashes are reported by lower_program before this matters.
  void define(const std::string& name, SourceLoc loc);
  // Where `name` is defined at top level, or null.
  const SourceLoc* definition(const std::string& name) const;

  // May code in `from` use the top-level name `name`? True for names that are not top-level
  // names, and for code of files this scope does not know (a file lowered on its own).
  bool visible(const std::string& name, const SourceFile* from) const;
  // The error for a use at `use` of a top-level name its file does not see.
  [[noreturn]] void not_visible(const std::string& name, SourceLoc use) const;

 private:
  const SourceFile* viewer(const SourceFile* from) const;

  std::map<std::string, SourceLoc> definitions_;
  std::set<const SourceFile*> files_;
  std::map<const SourceFile*, std::set<const SourceFile*>> imports_;  // direct imports
  std::map<const SourceFile*, const SourceFile*> aliases_;
};

// "PATH:LINE" of a definition, for messages that name a second place.
std::string place(SourceLoc loc);

}  // namespace fx::lower
