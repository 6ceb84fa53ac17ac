// AST → IR (docs/ir.md "How source constructs lower"). Throws CompileError for
// name errors, misplaced break/continue/return, non-exhaustive match, and other
// errors that need no types.
#pragma once
#include "ir/ir.hpp"
#include "syntax/ast.hpp"

namespace fx::lower {

// Declares src's structs, enums, functions and constants in m and lowers their bodies.
// src must stay alive as long as m (store it in m.syntax).
void lower_module(ir::Module& m, const ast::Module& src);

// Lowers `e` in m's top-level scope into a new nullary graph named "__eval__".
ir::Graph* lower_expression(ir::Module& m, const ast::Expr& e);

}  // namespace fx::lower
