// Tensor expressions (docs/tensors.md "Lowering"):
//   [a, b, c]          → make_tensor(a, b, c)   (nested literals nest; [] is make_tensor())
//   x[i, 1:, ::-1]     → index(x, "i,s100,s001", i, 1, -1)
//   x[spec] = v        → set_index(x, spec, operands..., v)   (lower_assign.cpp rebinds x)
// A spec item is "i" (an integer operand) or "s" plus three flags telling which of a slice's
// start/stop/step are written; the written ones follow as operands, in that order.
#include "lower/lowerer.hpp"
#include "support/diagnostics.hpp"

namespace fx::lower {

using ir::Node;
using ir::Prim;

Node* Lowerer::list_literal(const ast::ListExpr& e, const ExprCtx& c) {
  std::vector<Node*> items;
  for (const auto& x : e.elements) items.push_back(expr(*x, c));
  return m_.apply_prim(c.g, Prim::MakeTensor, std::move(items), e.loc);
}

Lowerer::IndexSpec Lowerer::index_spec(const ast::IndexExpr& e, const ExprCtx& c) {
  if (e.indices.empty()) compile_error(e.loc, "an index expression needs at least one index: x[i]");
  IndexSpec s;
  for (const auto& ix : e.indices) {
    if (!s.spec.empty()) s.spec += ',';
    if (ix->kind != ast::ExprKind::Slice) {
      s.spec += 'i';
      s.operands.push_back(expr(*ix, c));
      continue;
    }
    const auto& sl = static_cast<const ast::SliceExpr&>(*ix);
    s.spec += 's';
    for (const ast::Expr* part : {sl.lower.get(), sl.upper.get(), sl.step.get()}) {
      s.spec += part ? '1' : '0';
      if (part) s.operands.push_back(expr(*part, c));
    }
  }
  return s;
}

Node* Lowerer::index_read(ir::Graph* g, Node* base, const IndexSpec& s, SourceLoc loc, std::string name) {
  std::vector<Node*> args{base, m_.constant(s.spec, loc)};
  args.insert(args.end(), s.operands.begin(), s.operands.end());
  return m_.apply_prim(g, Prim::Index, std::move(args), loc, std::move(name));
}

Node* Lowerer::index_write(ir::Graph* g, Node* base, const IndexSpec& s, Node* value, SourceLoc loc) {
  std::vector<Node*> args{base, m_.constant(s.spec, loc)};
  args.insert(args.end(), s.operands.begin(), s.operands.end());
  args.push_back(value);
  return m_.apply_prim(g, Prim::SetIndex, std::move(args), loc);
}

Node* Lowerer::index(const ast::IndexExpr& e, const ExprCtx& c) {
  // t[k] on a tuple is index(t, "i", k) too: type inference rewrites it to tuple_get.
  Node* base = expr(*e.base, c);
  return index_read(c.g, base, index_spec(e, c), e.loc);
}

}  // namespace fx::lower
