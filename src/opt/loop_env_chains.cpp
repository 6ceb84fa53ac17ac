// Scalar replacement of a direction loop's env (issue #13). jacfwd of a closure,
// `jacfwd(lambda v: micro_dot(v, w))(x)`, hands its direction loop the closure's forward
// transform and the closure's zero tangent, and the body reaches the captured vector and its
// zero through them: w is tuple_get(closure_env(tuple_get($env, 0)), 0) and its tangent
// tuple_get(tuple_get($env, 1), 0), where the graph running the loop made env element 1 as
// zeros_like(f). The rewrites that take the loop apart need to see those values as what they
// are outside (loop_env.hpp: a zero made before the loop, a vector whose length is known):
// the one-hot laws (loop_env_checks.cpp) and the row-loop normalisation (row_loops.cpp) read
// env elements only. So the values the body reads through such a chain are computed once
// before the loop (the chain read in the graph running it: w = tuple_get(closure_env(f), 0),
// its zero zeros_like(w)) and passed as env elements of their own, to a copy of the body that
// reads them there. The values are the ones the body read; reading a tuple's element or a
// closure's env cannot fail, so computing them before a loop that may not run changes nothing.
// Only tensors, and only in a loop whose body builds a basis vector (one_hot: jacfwd's direction
// loop), where the laws need them. loop_versions.cpp does the same for the checked copy of a
// loop it versions.
#include <unordered_map>

#include "opt/loop_env.hpp"
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Graph;
using ir::Node;
using ir::Prim;

// One loop whose body's chains of env reads become env elements of a copy of the body.
class Lifter {
 public:
  Lifter(PassContext& ctx, const LoopSite& site)
      : ctx_(ctx),
        m_(ctx.module),
        outer_(const_cast<Graph*>(site.outer)),
        loop_(const_cast<Node*>(site.loop)),
        env_(site.env),
        body_(site.loop->arg(1)->arg(0)->as_graph()) {}

  void run(const std::vector<const Node*>& chains) {
    std::vector<Node*> values(env_->inputs.begin() + 1, env_->inputs.end());
    std::unordered_map<const Node*, size_t> slot;
    for (const Node* n : chains) {
      slot[n] = values.size();
      values.push_back(outside(n));
    }
    Graph* code = copy_body(slot, values);
    std::vector<Node*> tuple{m_.prim(Prim::MakeTuple)};
    std::vector<const types::Type*> types;
    for (Node* v : values) {
      tuple.push_back(v);
      types.push_back(v->type);
    }
    Node* env = placed(detached_apply(m_, outer_, std::move(tuple), loop_->loc, ctx_.store.tuple(types)));
    Node* closure = placed(detached_apply(m_, outer_, {m_.prim(Prim::MakeClosure), typed_constant(m_, code, nullptr, loop_->loc), env},
                                          loop_->loc, ctx_.store.explicit_closure(code, env->type)));
    loop_->inputs[2] = closure;  // the body operand, arg(1)
    std::vector<Node*> body;
    for (Node* n : outer_->body) {
      if (n == loop_) body.insert(body.end(), placed_.begin(), placed_.end());
      body.push_back(n);
    }
    outer_->body = std::move(body);
  }

 private:
  Node* placed(Node* n) {
    placed_.push_back(n);
    return n;
  }

  // A node p(args) of the outer graph before the loop: an equal one there, else a new one.
  Node* place(Prim p, std::vector<Node*> args, const types::Type* type) {
    for (const std::vector<Node*>* nodes : {&outer_->body, &placed_})
      for (Node* n : *nodes) {
        if (n == loop_) break;
        if (n->is_prim_apply(p) && n->num_args() == args.size() && same_args(n, args)) return n;
      }
    args.insert(args.begin(), m_.prim(p));
    return placed(detached_apply(m_, outer_, std::move(args), loop_->loc, type));
  }

  static bool same_args(const Node* n, const std::vector<Node*>& args) {
    for (size_t i = 0; i < args.size(); ++i) {
      int64_t x, y;
      if (n->arg(i) != args[i] && !(constant_int(n->arg(i), &x) && constant_int(args[i], &y) && x == y)) return false;
    }
    return true;
  }

  Node* index(int64_t i) { return typed_constant(m_, i, ctx_.store.i64(), loop_->loc); }

  // Element j of t, a tuple or a closure (of its env), typed `type`; env_type is the env's.
  Node* element(Node* t, int64_t j, const types::Type* type, const types::Type* env_type) {
    if (t->type && t->type->kind == types::TypeKind::Tuple) return place(Prim::TupleGet, {t, index(j)}, type);
    Node* e = t->is_prim_apply(Prim::MakeClosure) && t->num_args() == 2 ? t->arg(1) : place(Prim::ClosureEnv, {t}, env_type);
    return place(Prim::TupleGet, {e, index(j)}, type);
  }

  // The node of the outer graph that x, an env chain of the body, stands for.
  Node* outside(const Node* x) {
    if (auto it = outside_.find(x); it != outside_.end()) return it->second;
    Node* out = nullptr;
    int64_t j = 0;
    if (direct_env_read(body_, x)) {
      constant_int(x->arg(1), &j);
      out = env_->arg(static_cast<size_t>(j));
    } else if (x->is_prim_apply(Prim::TupleGet)) {
      constant_int(x->arg(1), &j);
      Node* t = outside(x->arg(0));
      if (t->is_prim_apply(Prim::MakeTuple)) {
        out = t->arg(static_cast<size_t>(j));
      } else if (t->is_prim_apply(Prim::ZerosLike) && t->num_args() == 1 && types::is_tensor(x->type)) {
        // Element j of a zero is the zero of element j (zeros_like of a closure: of its env).
        out = place(Prim::ZerosLike, {element(t->arg(0), j, x->type, t->type)}, x->type);
      } else {
        out = place(Prim::TupleGet, {t, index(j)}, x->type);
      }
    } else {  // closure_env
      Node* c = outside(x->arg(0));
      out = c->is_prim_apply(Prim::MakeClosure) && c->num_args() == 2 ? c->arg(1) : place(Prim::ClosureEnv, {c}, x->type);
    }
    return outside_[x] = out;
  }

  // A copy of the body whose chains read their env elements.
  Graph* copy_body(const std::unordered_map<const Node*, size_t>& slot, const std::vector<Node*>& values) {
    Graph* g = m_.new_graph(body_->name, nullptr, body_->loc, body_->role);
    g->origin = body_->origin;
    std::vector<const types::Type*> types;
    for (Node* v : values) types.push_back(v->type);
    Node* env = m_.add_param(g, body_->params[0]->name, body_->params[0]->loc);
    env->type = ctx_.store.tuple(types);
    Node* state = m_.add_param(g, body_->params[1]->name, body_->params[1]->loc);
    state->type = body_->params[1]->type;
    std::unordered_map<const Node*, Node*> to{{body_->params[0], env}, {body_->params[1], state}};
    for (Node* n : body_->body) {
      std::vector<Node*> inputs;
      if (slot.count(n)) {
        inputs = {m_.prim(Prim::TupleGet), env, index(static_cast<int64_t>(slot.at(n)))};
      } else {
        for (Node* in : n->inputs) inputs.push_back(to.count(in) ? to[in] : in);
      }
      Node* copy = detached_apply(m_, g, std::move(inputs), n->loc, n->type, n->name);
      copy->follows_primal = n->follows_primal;
      g->body.push_back(copy);
      to[n] = copy;
    }
    g->output = to.count(body_->output) ? to[body_->output] : body_->output;
    return g;
  }

  PassContext& ctx_;
  ir::Module& m_;
  Graph* outer_;
  Node* loop_;
  const Node* env_;
  Graph* body_;
  std::vector<Node*> placed_;
  std::unordered_map<const Node*, Node*> outside_;
};

bool builds_basis(const Graph* body) {
  for (const Node* n : body->body)
    if (n->is_prim_apply(Prim::OneHot)) return true;
  return false;
}

// A loop of derivative code whose body is a closure of closed code made where the loop runs,
// from an env tuple.
bool converted(const LoopSite& site, const Graph* body) {
  const Node* b = site.loop->arg(1);
  return site.env && b->is_prim_apply(Prim::MakeClosure) && b->type && body->params.size() == 2 &&
         body->params[0]->type && body->params[0]->type->kind == types::TypeKind::Tuple;
}

}  // namespace

bool lift_loop_env_chains(PassContext& ctx) {
  auto sites_of = loop_sites(ctx.module);
  auto children = children_of(ctx.module);
  bool changed = false;
  for (const auto& [body, sites] : sites_of) {
    if (!body->origin || sites.size() != 1 || children.count(body) || !converted(sites[0], body) || !builds_basis(body))
      continue;
    std::vector<const Node*> chains;
    for (const Node* n : body->body)
      if (types::is_tensor(n->type) && !direct_env_read(body, n) && env_chain(body, n)) chains.push_back(n);
    if (chains.empty()) continue;
    // Loops are independent: a lift adds nodes before its own loop and replaces its body
    // operand, which leaves every other site as it was.
    Lifter(ctx, sites[0]).run(chains);
    changed = true;
  }
  return changed;
}

}  // namespace fx::opt
