// Known calls: turns a call through a function value into a direct call of a clone when the
// code it runs is known ahead of time. Type inference already specialises a higher-order
// function per function argument — a function value's type names its function (apply's clone
// for `sq` is apply[<function sq>, f64]) — and the specialiser marks each call through a value
// with closure_at(f, @clones...), the clones it may run. When f is a graph constant, or its
// type names a top-level function (whose value has no environment), closure_at picks one clone
// now, as the interpreter would at run time (its sibling_target); the call through the value
// becomes a call of a constant, which the inliner can open. This is the specialisation of
// higher-order functions on known function arguments; calls of closures that capture values
// stay indirect (they need defunctionalisation, docs/opt.md "Not yet") — except in derivative
// code, whose closures are converted and typed by their code (direct_call below).
#include "opt/converted_clones.hpp"
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
  if (!at->is_prim_apply(ir::Prim::ClosureAt) || at->num_args() < 1 || !at->type) return nullptr;
  Node* f = at->arg(0);
  // The expansion's closure_at of a derived function's env lists no clone: an identity.
  if (at->num_args() == 1) return f->type == at->type ? f : nullptr;
  if (f->holds_graph()) {
    const ir::Graph* g = f->as_graph();
    const ir::Graph* t = g->origin ? listed_sibling(at, g->origin, g->parent) : nullptr;
    if (!t || t == g) return f;
    return typed_constant(m, const_cast<ir::Graph*>(t), at->type, f->loc);
  }
  const types::Type* type = f->type;
  // A converted closure of derivative code whose clone closure_at keeps (expand::type_values
  // gives the result f's own type then): the value itself, so that projection meets its
  // make_closure.
  if (type && at->type == type && (type->kind == types::TypeKind::Explicit || type->kind == types::TypeKind::Recursive))
    return f;
  if (!type || type->kind != types::TypeKind::Closure || !type->graph || type->graph->parent) return nullptr;
  const ir::Graph* t = listed_sibling(at, type->graph, nullptr);
  return t ? typed_constant(m, const_cast<ir::Graph*>(t), at->type, f->loc) : nullptr;
}

// The clone of top-level function `fn` that a call with these arguments runs: the one the
// specialiser recorded for the call, else (calls the expansion generated have no record) the
// one clone of `fn` whose parameters the arguments' types fit (exactly, or a tensor type that
// knows more extents than the signature, which forgets them) — the specialiser makes one clone
// per signature, and the interpreter picks it by the same signature at run time. Two clones
// that fit (a parameter of unknown type) leave the call as it is.
const ir::Graph* clone_for(PassContext& ctx, const Node* call, const ir::Graph* fn, const std::vector<Node*>& args) {
  std::vector<ir::Graph*> recorded = ctx.checker.call_targets(call);
  if (recorded.size() == 1) return recorded[0]->params.size() == args.size() ? recorded[0] : nullptr;
  if (!recorded.empty()) return nullptr;
  const ir::Graph* found = nullptr;
  for (const auto& g : ctx.module.graphs) {
    if (g->origin != fn || g->parent || g->params.size() != args.size() || g.get() == fn) continue;
    bool same = true;
    for (size_t i = 0; i < args.size() && same; ++i) {
      const types::Type* a = args[i]->type;
      const types::Type* p = g->params[i]->type;
      same = a && p && (a == p || (types::is_tensor(a) && types::is_tensor(p) && types::fits(a, p)));
    }
    if (!same) continue;
    if (found) return nullptr;
    found = g.get();
  }
  return found;
}

// Derivative code calls function values without closure_at: a template calls the function it
// differentiates (`call %f(x)`, f read from its env), a pullback is called where the forward
// pass returned it. Once expand::type_values typed them, the type names the code, and the call
// becomes the direct call the emitter writes for it anyway (emitter.cpp call_through_value):
// - a converted closure, Explicit(code, env): `code(closure_env(f), args...)`; the inliner can
//   then open the code, projection reads the env out of the make_closure, DCE removes it;
// - a top-level function (a Closure type whose graph has no parent, so nothing captured) that
//   the specialiser says runs one clone: `clone(args...)`;
// - a typed clone's closure that captures values (a lambda jacfwd differentiates): a converted
//   copy of the clone, `cc(clone)(closure_env(f), args...)` (converted_clones.hpp).
// `before` receives the nodes the direct call needs (the closure_env), in order.
Node* direct_call(PassContext& ctx, ir::Graph* g, Node* n, std::vector<Node*>& before) {
  if (!n->is_apply() || n->inputs.empty() || n->callee()->holds_prim() || !n->keywords.empty() || !n->type) return nullptr;
  Node* f = n->callee();
  const types::Type* t = f->type;
  if (f->is_constant() || !t) return nullptr;
  std::vector<Node*> args(n->inputs.begin() + 1, n->inputs.end());
  std::vector<Node*> inputs;
  if (t->kind == types::TypeKind::Explicit && t->graph && t->graph->params.size() == args.size() + 1) {
    Node* env = detached_apply(ctx.module, g, {ctx.module.prim(ir::Prim::ClosureEnv), f}, n->loc, t->elems[0]);
    before.push_back(env);
    inputs = {ctx.module.constant(const_cast<ir::Graph*>(t->graph)), env};
  } else if (t->kind == types::TypeKind::Closure && t->graph && !t->graph->parent) {
    const ir::Graph* target = clone_for(ctx, n, t->graph, args);
    if (!target) return nullptr;
    inputs = {ctx.module.constant(const_cast<ir::Graph*>(target))};
  } else if (t->kind == types::TypeKind::Closure && t->graph) {
    return call_converted_clone(ctx, g, n, before);
  } else {
    return nullptr;
  }
  inputs.insert(inputs.end(), args.begin(), args.end());
  return detached_apply(ctx.module, g, std::move(inputs), n->loc, n->type, n->name);
}

bool call_known_values(PassContext& ctx) {
  return rewrite_nodes(ctx.module, typed_graphs(ctx.module), [&](Node* n) {
    Rewritten w;
    w.value = direct_call(ctx, n->graph, n, w.placed);
    if (w.value) w.placed.push_back(w.value);
    return w;
  });
}

}  // namespace

bool resolve_known_calls(PassContext& ctx) {
  bool changed = replace_nodes(ctx.module, [&](Node* n) { return known_code(ctx.module, n); });
  return call_known_values(ctx) || changed;
}

}  // namespace fx::opt
