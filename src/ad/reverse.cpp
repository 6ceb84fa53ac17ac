// The reverse transform J (reverse.hpp, docs/ad.md §3).
#include "ad/reverse.hpp"

#include <unordered_map>

#include "ad/activity.hpp"
#include "ad/emit.hpp"
#include "ad/forward.hpp"
#include "ad/registry.hpp"
#include "ad/rule_context.hpp"
#include "ad/typeinfo.hpp"
#include "support/diagnostics.hpp"

namespace fx::ad {

using ir::Graph;
using ir::Node;
using ir::Prim;

struct ReverseState {
  ReverseState(Context& c, const Graph* s, Graph* f, Graph* b)
      : cx(c), rules(c.rules()), src(s), fwd(f), back(b), fe(c, f, s->loc), be(c, b, s->loc), act(*s, c.rules()) {}
  Context& cx;
  const Registry& rules;
  const Graph* src;
  Graph* fwd;   // J(G): the forward sweep
  Graph* back;  // its pullback
  Emitter fe, be;
  Activity act;
  std::unordered_map<const Node*, Node*> primal;              // source node → forward node
  std::unordered_map<const Node*, std::vector<Node*>> saved;  // source node → forward nodes
  std::unordered_map<const Node*, Adjoint> adj;               // source node → adjoint (in back)
  std::vector<Node*> residuals;                               // forward nodes the pullback reads
  std::unordered_map<const Node*, Node*> in_back;             // forward node → its value in back
  Node* res_param = nullptr;
  Node* ct_param = nullptr;

  Node* map(const Node* n) {
    if (n->is_constant()) return const_cast<Node*>(n);
    auto it = primal.find(n);
    if (it == primal.end())
      internal_error("reverse transform", "node %" + std::to_string(n->id) + " used before it is transformed");
    return it->second;
  }
  // The value of forward node v inside the pullback: a residual (read once per pullback).
  Node* res(Node* v) {
    if (v->is_constant()) return v;
    auto it = in_back.find(v);
    if (it != in_back.end()) return it->second;
    Node* r = be.get(res_param, static_cast<int64_t>(residuals.size()), v->name);
    r->type = v->type;
    cx.copy_notes(v, r);
    residuals.push_back(v);
    in_back[v] = r;
    return r;
  }
  bool active(const Node* n) const { return !n->is_constant() && act.active(n); }
  Node* copy(const Node* n) {
    std::vector<Node*> inputs;
    for (const Node* x : n->inputs) inputs.push_back(map(x));
    Node* c = cx.module().apply(fwd, std::move(inputs), n->loc, n->name);
    c->keywords = n->keywords;
    c->type = n->type;
    cx.note_arity(c, cx.tuple_arity(n));
    return c;
  }
};

// ------------------------------------------------------------------ forward sweep context
VjpForwardCtx::VjpForwardCtx(ReverseState& s, const Node* n) : node(n), e(s.fe), cx(s.cx), s_(s) {}
Node* VjpForwardCtx::in(size_t i) { return s_.map(node->arg(i)); }
Node* VjpForwardCtx::callee() { return s_.map(node->callee()); }
bool VjpForwardCtx::active(size_t i) const { return s_.active(node->arg(i)); }
bool VjpForwardCtx::callee_active() const { return s_.active(node->callee()); }
Node* VjpForwardCtx::primal() { return s_.copy(node); }
void VjpForwardCtx::set_primal(Node* p) { s_.primal[node] = p; }
void VjpForwardCtx::save(Node* v) { s_.saved[node].push_back(v); }

// ------------------------------------------------------------------ backward sweep context
VjpBackwardCtx::VjpBackwardCtx(ReverseState& s, const Node* n) : node(n), e(s.be), cx(s.cx), s_(s) {}
Node* VjpBackwardCtx::in(size_t i) { return s_.res(s_.map(node->arg(i))); }
Node* VjpBackwardCtx::callee() { return s_.res(s_.map(node->callee())); }
Node* VjpBackwardCtx::out() { return s_.res(s_.map(node)); }
Node* VjpBackwardCtx::saved(size_t k) { return s_.res(s_.saved.at(node).at(k)); }

Node* VjpBackwardCtx::ct() {
  Adjoint& a = s_.adj[node];
  if (!a.parts.empty()) {
    Node* v = materialise(e, a, [this] { return out(); }, cx.tuple_arity(node), node->type, cx.element_types(node));
    a = Adjoint{};
    a.dense = v;
  }
  if (!a.dense) internal_error("reverse transform", "a backward rule ran without a cotangent");
  return a.dense;
}

Node* VjpBackwardCtx::ct_part(const PartKey& k) {
  Adjoint& a = s_.adj[node];
  Node* v = nullptr;
  if (const Adjoint* part = a.find(k))
    v = materialise(e, *part, [this, k] { return extract(e, out(), k); }, -1, nullptr, nullptr);
  if (a.dense) v = e.add(v, extract(e, a.dense, k));
  return v;
}

bool VjpBackwardCtx::active(size_t i) const { return s_.active(node->arg(i)); }
bool VjpBackwardCtx::callee_active() const { return s_.active(node->callee()); }

void VjpBackwardCtx::give(size_t i, Node* ct) {
  if (ct && active(i)) s_.adj[node->arg(i)].add(e, ct);
}
void VjpBackwardCtx::give_part(size_t i, const PartKey& k, Node* ct) {
  if (ct && active(i)) s_.adj[node->arg(i)].part(k).add(e, ct);
}
void VjpBackwardCtx::give_callee(Node* ct) {
  if (ct && callee_active()) s_.adj[node->callee()].add(e, ct);
}
void VjpBackwardCtx::pass_through(size_t i) {
  if (!active(i)) return;
  Adjoint copy = s_.adj[node];
  s_.adj[node->arg(i)].merge(e, std::move(copy));
}

// ------------------------------------------------------------------ the transform
void build_reverse(Context& cx, Graph* src, Graph* dst) {
  Graph* back = cx.new_graph(transformed_name(dst->name, "back"), src->role, src->loc);
  ReverseState s(cx, src, dst, back);
  ir::Module& m = cx.module();
  for (const Node* p : src->params) {
    Node* q = m.add_param(dst, p->name, p->loc);
    q->type = p->type;
    cx.copy_notes(p, q);
    s.primal[p] = q;
  }
  s.res_param = m.add_param(back, "$res", src->loc);
  s.ct_param = m.add_param(back, "$ct", src->loc);
  cx.note_arity(s.ct_param, cx.tuple_arity(src->output));
  cx.note_cotangent_of(s.ct_param, src->output);

  // Forward sweep.
  for (const Node* n : src->body) {
    s.fe.loc = n->loc;
    VjpForwardCtx ctx(s, n);
    if (!s.act.active(n)) {
      ctx.set_primal(ctx.primal());
      continue;
    }
    Prim p;
    const PrimRules* rules = n->prim_callee(&p) ? &s.rules.at(p) : &s.rules.call();
    if (n->prim_callee(&p) && !rules->vjp_backward) Registry::missing(p, n->loc);
    const size_t emitted_from = dst->body.size();
    if (rules->vjp_forward) {
      rules->vjp_forward(ctx);
    } else {
      ctx.set_primal(ctx.primal());
    }
    if (!s.primal.count(n)) internal_error("reverse transform", "a VJP rule set no primal for node %" + std::to_string(n->id));
    // What the rule saves for the backward sweep, beside the primal, follows the primal.
    context_impl::mark_follows_primal(dst, emitted_from, s.primal.at(n));
  }

  // Backward sweep.
  if (s.active(src->output)) s.adj[src->output].dense = s.ct_param;
  for (auto it = src->body.rbegin(); it != src->body.rend(); ++it) {
    const Node* n = *it;
    if (!s.act.active(n)) continue;
    auto a = s.adj.find(n);
    if (a == s.adj.end() || a->second.empty()) continue;
    s.be.loc = n->loc;
    VjpBackwardCtx ctx(s, n);
    Prim p;
    const PrimRules* rules = n->prim_callee(&p) ? &s.rules.at(p) : &s.rules.call();
    rules->vjp_backward(ctx);
  }
  s.be.loc = src->loc;
  std::vector<Node*> cts;
  for (const Node* p : src->params) {
    Node* q = s.primal.at(p);
    Node* v = materialise(s.be, s.adj[p], [&s, q] { return s.res(q); }, cx.tuple_arity(p), p->type,
                          cx.element_types(p));
    if (!v) {
      v = typed_f64(p) ? s.be.f64(0.0) : cx.tuple_arity(p) == 0 ? s.be.tuple({}) : s.be.zeros(s.res(q));
    } else if (!graph_is_typed(src) && cx.is_converted(src)) {
      // An untyped user function: cotangents that reached integers (through float(n),
      // i + 0.5, ...) are dropped here, where its cotangents leave it (docs/ad.md).
      v = s.be.add(s.be.zeros(s.res(q)), v);
    }
    cts.push_back(v);
  }
  back->output = s.be.tuple(std::move(cts));

  // The forward sweep returns (y, make_closure(back, residuals)).
  s.fe.loc = src->loc;
  Node* y = s.map(src->output);
  cx.note_arity(s.res_param, static_cast<int>(s.residuals.size()));
  Node* pullback = s.fe.closure(back, s.residuals, "pullback");
  dst->output = s.fe.tuple({y, pullback});
  // The backward sweep runs only after the forward sweep did: all of it follows the primal.
  context_impl::mark_follows_primal(back, 0, nullptr);
  context_impl::prune_dead(back);
}

}  // namespace fx::ad
