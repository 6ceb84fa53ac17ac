// Names defined by two files of a program (docs/language.md "Modules"). Internal to src/lower/.
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "lower/lower.hpp"

namespace fx::lower {

// The top-level names one file defines (each once: a file's own duplicates are reported
// while it is declared), in source order and by name.
struct FileNames {
  std::vector<std::pair<std::string, SourceLoc>> order;
  std::map<std::string, SourceLoc> at;

  void add(const std::string& name, SourceLoc loc) {
    if (at.emplace(name, loc).second) order.emplace_back(name, loc);
  }
};

// Throws CompileError for a name defined by two files, at the most telling place:
//  * a local definition whose name a directly imported file also defines: at the definition;
//  * two directly imported files defining one name: at the second import's path;
//  * otherwise (two files that no file sees together): at the later-loaded definition, since
//    the program has one namespace for top-level names (program_scope.hpp).
// names[i] belongs to units[i].
void check_name_clashes(const std::vector<SourceUnit>& units, const std::vector<FileNames>& names);

}  // namespace fx::lower
