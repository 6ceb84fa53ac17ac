// Tensor expressions (docs/tensors.md "Lowering"):
//   [a, b, c]          → make_tensor(a, b, c)   (nested literals nest; [] is make_tensor())
//   x[i, 1:, ::-1]     → index(x, "i,s100,s001", i, 1, -1)
//   x[spec] = v        → set_index(x, spec, operands..., v)   (lower_assign.cpp rebinds x)
//   x.at[i].add(v)     → set_index(x, "+i", i, v)   (x.at[i].set(v): set_index(x, "i", i, v))
// A spec item is "i" (an integer operand: an integer, an index array or a mask), "n" (None: a
// new axis) or "s" plus three flags telling which of a slice's start/stop/step are written; the
// written ones follow as operands, in that order. A leading "+" makes set_index add (np.add.at).
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
    if (ix->kind == ast::ExprKind::Name && static_cast<const ast::NameExpr&>(*ix).name == "None") {
      s.spec += 'n';  // a new axis of extent 1 (NumPy's None / np.newaxis)
      continue;
    }
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

// x.at[idx].add(v) / x.at[idx].set(v) (JAX's functional updates): a copy of x with v added at
// idx (every repeated index adds: np.add.at) or stored there; nullptr if e is not of that form.
Node* Lowerer::at_update(const ast::CallExpr& e, const ExprCtx& c) {
  if (e.callee->kind != ast::ExprKind::Attribute) return nullptr;
  const auto& method = static_cast<const ast::AttributeExpr&>(*e.callee);
  if (method.attr != "add" && method.attr != "set") return nullptr;
  if (method.base->kind != ast::ExprKind::Index) return nullptr;
  const auto& at = static_cast<const ast::IndexExpr&>(*method.base);
  if (at.base->kind != ast::ExprKind::Attribute || static_cast<const ast::AttributeExpr&>(*at.base).attr != "at")
    return nullptr;
  if (e.args.size() != 1 || !e.keywords.empty())
    compile_error(e.loc, "x.at[i]." + method.attr + "(v) takes one value, found " + std::to_string(e.args.size()) +
                             " arguments" + (e.keywords.empty() ? "" : " and keywords"));
  Node* base = expr(*static_cast<const ast::AttributeExpr&>(*at.base).base, c);
  IndexSpec s = index_spec(at, c);
  if (method.attr == "add") s.spec = "+" + s.spec;
  Node* value = expr(*e.args[0], c);
  return index_write(c.g, base, s, value, at.loc);
}

Node* Lowerer::index(const ast::IndexExpr& e, const ExprCtx& c) {
  // t[k] on a tuple is index(t, "i", k) too: type inference rewrites it to tuple_get.
  Node* base = expr(*e.base, c);
  return index_read(c.g, base, index_spec(e, c), e.loc);
}

}  // namespace fx::lower
