// Known calls: turns a call through a function value into a direct call of a clone when the
// code it runs is known ahead of time. Type inference already specialises a higher-order
// function per function argument — a function value's type names its function (apply's clone
// for `sq` is apply[<function sq>, f64]) — and the specialiser marks each call through a value
// with closure_at(f, @clones...), the clones it may run. When f is a graph constant, or its
// type names a top-level function (whose value has no environment), closure_at picks one clone
// now, as the interpreter would at run time (its sibling_target); the call through the value
// becomes a call of a constant, which the inliner can open. This is the specialisation of
// higher-order functions on known function arguments; calls of closures that capture values
// stay indirect (they need defunctionalisation, docs/opt.md "Not yet").
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Node;

// The listed clone closure_at switches a closure of clone-or-generic `g` (with parent
// `parent`) to, or null when none is listed.
const ir::Graph* listed_sibling(const Node* at, const ir::Graph* origin, const ir::Graph* parent) {
  for (size_t i = 1; i < at->num_args(); ++i) {
    const ir::Graph* t = at->arg(i)->as_graph();
    if (t->origin == origin && t->parent == parent) return t;
  }
  return nullptr;
}

Node* known_code(ir::Module& m, Node* at) {
  if (!at->is_prim_apply(ir::Prim::ClosureAt) || at->num_args() < 2 || !at->type) return nullptr;
  Node* f = at->arg(0);
  if (f->holds_graph()) {
    const ir::Graph* g = f->as_graph();
    const ir::Graph* t = g->origin ? listed_sibling(at, g->origin, g->parent) : nullptr;
    if (!t || t == g) return f;
    return typed_constant(m, const_cast<ir::Graph*>(t), at->type, f->loc);
  }
  const types::Type* type = f->type;
  if (!type || type->kind != types::TypeKind::Closure || !type->graph || type->graph->parent) return nullptr;
  const ir::Graph* t = listed_sibling(at, type->graph, nullptr);
  return t ? typed_constant(m, const_cast<ir::Graph*>(t), at->type, f->loc) : nullptr;
}

}  // namespace

bool resolve_known_calls(PassContext& ctx) {
  return replace_nodes(ctx.module, [&](Node* n) { return known_code(ctx.module, n); });
}

}  // namespace fx::opt
