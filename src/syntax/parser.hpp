// Source text → AST. Throws CompileError (located) on any malformed input.
#pragma once
#include <memory>

#include "support/source.hpp"
#include "syntax/ast.hpp"

namespace fx {

// Parses a whole file (LANGUAGE.md §1, §4, §7, §8).
std::unique_ptr<ast::Module> parse_module(const SourceFile& file);

// Parses a single expression, e.g. the EXPR of `fluxion eval FILE EXPR`.
ast::ExprPtr parse_expression(const SourceFile& file);

}  // namespace fx
