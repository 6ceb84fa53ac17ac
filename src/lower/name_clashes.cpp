#include "lower/name_clashes.hpp"

#include <set>

#include "support/diagnostics.hpp"

namespace fx::lower {

namespace {

// What one file sees through its imports: each imported name, where it is defined and
// through which import.
struct Imported {
  SourceLoc def;
  const ImportEdge* edge;
};

void check_file(const SourceUnit& unit, const FileNames& own, const std::vector<FileNames>& names) {
  std::map<std::string, Imported> seen;
  std::set<size_t> targets;
  for (const ImportEdge& edge : unit.imports) {
    if (!targets.insert(edge.target).second) continue;  // the same file imported twice
    for (const auto& [name, def] : names[edge.target].order) {
      if (auto local = own.at.find(name); local != own.at.end())
        compile_error(local->second, "'" + name + "' is already defined at " + place(def) + " (imported at line " +
                                         std::to_string(edge.path_loc.line) + ")");
      auto [it, fresh] = seen.emplace(name, Imported{def, &edge});
      if (!fresh)
        compile_error(edge.path_loc, "'" + name + "' is defined both at " + place(it->second.def) + " and at " +
                                         place(def) + ", and this file imports both (lines " +
                                         std::to_string(it->second.edge->path_loc.line) + " and " +
                                         std::to_string(edge.path_loc.line) + ")");
    }
  }
}

}  // namespace

void check_name_clashes(const std::vector<SourceUnit>& units, const std::vector<FileNames>& names) {
  for (size_t i = 0; i < units.size(); ++i) check_file(units[i], names[i], names);
  std::map<std::string, SourceLoc> first;
  for (const FileNames& file : names)
    for (const auto& [name, loc] : file.order) {
      auto [it, fresh] = first.emplace(name, loc);
      if (!fresh)
        compile_error(loc, "'" + name + "' is already defined at " + place(it->second) +
                               "; top-level names must be unique across the files of a program, "
                               "also files that do not import each other");
    }
}

}  // namespace fx::lower
