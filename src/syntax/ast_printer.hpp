// An S-expression dump of the AST, for tests and debugging (`fluxion` may
// expose it as a `--stage ast` view). One statement per line, nested blocks
// indented by two spaces:
//   (def f (x (y: f64 = 1.0)) -> f64
//     (= a (** x 3))
//     (return (+ a y)))
// Expressions: (+ a b), (- x) for unary minus, (not x), (cmp a < b <= c),
// (ifexp cond then else), (lambda (x y) body), (call f a k=v), (index x i j),
// (slice lo hi step) with nil for an omitted part, (. x field), (tuple a b),
// (list a b), (listcomp e for i in iter if cond). Floats always show a '.'
// or exponent (1.0, 1e-10), strings are quoted and escaped.
#pragma once
#include <string>

#include "syntax/ast.hpp"

namespace fx {

std::string dump(const ast::Module& module);
std::string dump(const ast::Stmt& stmt);
std::string dump(const ast::Expr& expr);
std::string dump(const ast::TypeExpr& type);
std::string dump(const ast::Pattern& pattern);

}  // namespace fx
