// Source text → AST. Throws CompileError (located) on any malformed input,
// and nothing else: every byte sequence either parses or gets a message of the
// form "expected X, found Y" (or "unexpected character", "cannot assign to a
// call", "nesting too deep (limit 256)").
//
// Guarantees for the passes that walk the AST recursively: nesting (brackets,
// blocks, unary chains, lambdas, `elif` chains, patterns, types) is at most
// 256 levels, and no expression tree is more than ~1500 nodes high (long
// `a + b + ...` or `x.a.b...` chains are rejected past 1000 levels).
//
// Locations: a node's loc is where it starts, except BinaryExpr (its
// operator) and Call / Index / Attribute (their '(' / '[' / '.').
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
