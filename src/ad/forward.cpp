// The forward transform T (forward.hpp, docs/ad.md §2).
#include "ad/forward.hpp"

#include <unordered_map>

#include "ad/emit.hpp"
#include "ad/registry.hpp"
#include "ad/rule_context.hpp"
#include "ad/typeinfo.hpp"
#include "support/diagnostics.hpp"

namespace fx::ad {

using ir::Graph;
using ir::Node;
using ir::Prim;

struct ForwardState {
  ForwardState(Context& c, const Graph* s, Graph* d) : cx(c), rules(c.rules()), src(s), dst(d), e(c, d, s->loc) {}
  Context& cx;
  const Registry& rules;
  const Graph* src;
  Graph* dst;
  Emitter e;
  std::unordered_map<const Node*, Node*> primal, tangent;
  // Nodes whose rule produced their (primal, tangent) pair as one tuple (calls, if, while):
  // when such a node is the output, T(G) returns the pair itself, keeping tail calls.
  std::unordered_map<const Node*, Node*> pair;

  Node* map(const Node* n) {
    if (n->is_constant()) return const_cast<Node*>(n);
    auto it = primal.find(n);
    if (it == primal.end())
      internal_error("forward transform", "node %" + std::to_string(n->id) + " used before it is transformed");
    return it->second;
  }
  Node* tangent_of(const Node* n) {
    if (n->is_constant()) return nullptr;
    auto it = tangent.find(n);
    return it == tangent.end() ? nullptr : it->second;
  }
};

namespace forward_impl {

std::string tangent_name(const std::string& name) {
  if (name.empty()) return "";
  if (name[0] == '$') return "$d" + name.substr(1);
  return "d" + name;
}

}  // namespace forward_impl

// ------------------------------------------------------------------ rule context
JvpCtx::JvpCtx(ForwardState& s, const Node* n) : node(n), e(s.e), cx(s.cx), s_(s) {}

Node* JvpCtx::in(size_t i) { return s_.map(node->arg(i)); }
Node* JvpCtx::tan(size_t i) { return s_.tangent_of(node->arg(i)); }
Node* JvpCtx::tan_or_zero(size_t i) {
  Node* t = tan(i);
  return t ? t : e.zeros(in(i), node->arg(i));
}
Node* JvpCtx::callee() { return s_.map(node->callee()); }
Node* JvpCtx::callee_tan() { return s_.tangent_of(node->callee()); }

Node* JvpCtx::primal() {
  if (primal_) return primal_;
  std::vector<Node*> inputs;
  for (const Node* x : node->inputs) inputs.push_back(s_.map(x));
  primal_ = cx.module().apply(s_.dst, std::move(inputs), node->loc, node->name);
  primal_->keywords = node->keywords;
  primal_->type = node->type;
  cx.note_arity(primal_, cx.tuple_arity(node));
  return primal_;
}

void JvpCtx::set(Node* p, Node* t) {
  s_.primal[node] = p;
  if (t && !has_no_derivative(node)) {
    if (t->is_apply() && t->graph == s_.dst && t->name.empty())
      t->name = forward_impl::tangent_name(node->name);
    cx.note_arity(t, cx.tuple_arity(node));
    s_.tangent[node] = t;
  }
}

void JvpCtx::set_pair(Node* r) {
  s_.pair[node] = r;
  set(e.get(r, 0, node->name), e.get(r, 1));
}

// ------------------------------------------------------------------ the transform
void build_forward(Context& cx, Graph* src, Graph* dst) {
  ForwardState s(cx, src, dst);
  ir::Module& m = cx.module();
  for (const Node* p : src->params) {
    Node* q = m.add_param(dst, p->name, p->loc);
    q->type = p->type;
    Node* dq = m.add_param(dst, forward_impl::tangent_name(p->name), p->loc);
    cx.copy_notes(p, q);
    cx.copy_notes(p, dq);
    s.primal[p] = q;
    if (!has_no_derivative(p)) s.tangent[p] = dq;
  }
  for (const Node* n : src->body) {
    s.e.loc = n->loc;
    JvpCtx ctx(s, n);
    Prim p;
    const PrimRules* rules = nullptr;
    bool varied = false;
    if (n->prim_callee(&p)) {
      if (ir::prim_info(p).flag == ir::PrimFlag::EFFECT) {  // print, assert, fail: no derivative
        ctx.set(ctx.primal(), nullptr);
        continue;
      }
      rules = &s.rules.at(p);
      if (!rules->jvp) Registry::missing(p, n->loc);
      for (size_t i = 0; i < n->num_args(); ++i)
        if (!rules->passive(i) && ctx.tan(i)) varied = true;
      if (rules->zero_derivative) varied = false;
    } else {
      rules = &s.rules.call();
      varied = ctx.callee_tan() != nullptr;
      for (size_t i = 0; i < n->num_args(); ++i)
        if (ctx.tan(i)) varied = true;
    }
    if (!varied || has_no_derivative(n)) {
      ctx.set(ctx.primal(), nullptr);
      continue;
    }
    const size_t emitted_from = dst->body.size();
    rules->jvp(ctx);
    if (!s.primal.count(n)) internal_error("forward transform", "a JVP rule set no primal for node %" + std::to_string(n->id));
    // The tangent the rule built beside the primal follows the primal.
    context_impl::mark_follows_primal(dst, emitted_from, s.primal.at(n));
  }
  s.e.loc = src->loc;
  auto pair = s.pair.find(src->output);
  if (pair != s.pair.end()) {
    dst->output = pair->second;
  } else {
    Node* y = s.map(src->output);
    Node* dy = s.tangent_of(src->output);
    if (!dy) {
      dy = s.e.zeros(y, src->output);
    } else if (!graph_is_typed(src) && cx.is_converted(src)) {
      dy = s.e.add(s.e.zeros(y), dy);  // an untyped user function: integers get zero tangents
    }
    dst->output = s.e.tuple({y, dy});
  }
  cx.note_arity(dst->output, 2);
}

}  // namespace fx::ad
