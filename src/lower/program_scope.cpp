#include "lower/program_scope.hpp"

#include <filesystem>

#include "support/diagnostics.hpp"

namespace fx::lower {

std::string place(SourceLoc loc) {
  std::string out = loc.file ? loc.file->path : std::string("<unknown>");
  if (loc.line > 0) out += ":" + std::to_string(loc.line);
  return out;
}

void ProgramScope::add_file(const SourceFile* file) { files_.insert(file); }

void ProgramScope::add_import(const SourceFile* importer, const SourceFile* imported) {
  imports_[importer].insert(imported);
}

void ProgramScope::see_as(const SourceFile* alias, const SourceFile* file) { aliases_[alias] = file; }

void ProgramScope::define(const std::string& name, SourceLoc loc) { definitions_.emplace(name, loc); }

const SourceLoc* ProgramScope::definition(const std::string& name) const {
  auto it = definitions_.find(name);
  return it == definitions_.end() ? nullptr : &it->second;
}

const SourceFile* ProgramScope::viewer(const SourceFile* from) const {
  auto it = aliases_.find(from);
  return it == aliases_.end() ? from : it->second;
}

bool ProgramScope::visible(const std::string& name, const SourceFile* from) const {
  const SourceLoc* def = definition(name);
  if (!def || !from) return true;
  from = viewer(from);
  if (def->file == from || !files_.count(from)) return true;
  auto it = imports_.find(from);
  return it != imports_.end() && it->second.count(def->file) > 0;
}

void ProgramScope::not_visible(const std::string& name, SourceLoc use) const {
  SourceLoc def = definition(name) ? *definition(name) : SourceLoc{};
  const SourceFile* from = viewer(use.file);
  std::string who = !from || from == use.file ? "this file" : from->path;
  std::string message = "'" + name + "' is defined in " + place(def) + ", which " + who +
                        " does not import (importing a file does not make the files it imports visible)";
  // The import to add, written relative to the importing file as imports are.
  if (from && def.file) {
    namespace fs = std::filesystem;
    fs::path relative = fs::path(def.file->path).lexically_relative(fs::path(from->path).parent_path());
    if (!relative.empty()) message += "; add import \"" + relative.string() + "\"";
  }
  compile_error(use, message);
}

}  // namespace fx::lower
