// Visibility of top-level names written outside expressions. Internal to src/lower/.
//
// Names in expressions are checked where they are resolved (scope.cpp). Two kinds of name are
// looked up program-wide by other code instead: struct and enum names in type annotations
// (by type inference) and variant names in case patterns (by the pattern scans). This pass
// checks, before the bodies are lowered, that each such name is visible in its file.
#pragma once
#include "ir/ir.hpp"
#include "lower/program_scope.hpp"
#include "syntax/ast.hpp"

namespace fx::lower {

void check_annotation_and_pattern_names(const ir::Module& m, const ProgramScope& scope, const ast::Module& src);

}  // namespace fx::lower
