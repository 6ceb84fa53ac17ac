// AST → IR (docs/ir.md "How source constructs lower"). Throws CompileError for
// name errors, misplaced break/continue/return, non-exhaustive match, and other
// errors that need no types.
#pragma once
#include <vector>

#include "ir/ir.hpp"
#include "lower/program_scope.hpp"
#include "syntax/ast.hpp"

namespace fx::lower {

// `import "path"` of a unit, as the driver resolved it.
struct ImportEdge {
  const ast::ImportStmt* stmt = nullptr;
  SourceLoc path_loc;  // where the path string is written (clash errors point here)
  size_t target = 0;   // index of the imported unit
};

// One file of a program: its syntax and its top-level imports. The driver loads the files
// (each once) and orders them so that every unit comes after the units it imports.
struct SourceUnit {
  const ast::Module* syntax = nullptr;
  std::vector<ImportEdge> imports;
};

// Lowers a whole program: declares the top-level names of every unit first (so that functions
// of one file can call those of another in any order), reports names defined twice, then lowers
// the bodies. Each unit sees its own names and those of the units it imports directly; `scope`
// records this for lower_expression. The units' ASTs must live as long as m (m.syntax).
void lower_program(ir::Module& m, const std::vector<SourceUnit>& units, ProgramScope& scope);

// Lowers `e` into a new nullary graph named "__eval__", seeing the top-level names that code in
// `seen_from` sees (fluxion eval: the root file).
ir::Graph* lower_expression(ir::Module& m, const ast::Expr& e, ProgramScope& scope, const SourceFile* seen_from);

// A program of one file that imports nothing (unit tests, fuzzing): an `import` is an error.
void lower_module(ir::Module& m, const ast::Module& src);
// Lowers `e` seeing every top-level name of m.
ir::Graph* lower_expression(ir::Module& m, const ast::Expr& e);

}  // namespace fx::lower
