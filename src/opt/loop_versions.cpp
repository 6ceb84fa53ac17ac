// Loop versioning on a length (dF~ §5: the rewrites of forward mode's direction loop need to
// know that the vectors it multiplies have one length). jacfwd of a closure,
// `jacfwd(lambda v: sum(v * w))(x)`, pushes one_hot(k, len(x)) through the body and multiplies
// it by the captured w; the product is w[k] only when len(w) == len(x). Nothing may assume it: a
// w of length 1 broadcasts, and the program is right to differentiate it. So the loop is run in
// two copies, chosen once before it by an explicit check:
//   if len(x) == len(w): the loop, where the lengths agree (loop_env.cpp reads the check as a
//                        fact, the one-hot laws of loop_env_checks.cpp apply and row_loops.cpp
//                        replaces the loop by one vector operation)
//   else:                the loop as it was
// Both copies compute what the loop computed, so the result and the errors are the program's.
// Derivative code is closure-converted: the copies are branches of an `if` whose closures share
// one env (the values the loop read), and each makes its loop's closures from its env.
// The fast copy also reads through its env what the body reached through a chain of its env
// (a captured vector is tuple_get(closure_env(tuple_get($env, 0)), 0), the zero tangent of the
// closure's env tuple_get(tuple_get($env, 1), 0)): the values, computed once before the loop,
// become env elements of their own (scalar replacement of the env), so that the facts about
// them (one length, a zero: zeros_like(w) for the zero tangent of w) are seen in the body
// (loop_env_lifting.hpp, shared with env-chains).
// Only where a rewrite needs the fact: a product of a basis vector one_hot(k, len(u)) and a
// vector v read from outside whose length is not known to be u's (and that is not of one
// element by its type: that broadcasts, loop_env_checks.cpp). Not under --check-nan or
// --max-loop-iterations, where those rewrites are off.
#include <functional>
#include <unordered_map>

#include "opt/loop_env.hpp"
#include "opt/loop_env_lifting.hpp"
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Graph;
using ir::Node;
using ir::Prim;

constexpr int kMaxChain = 8;

bool f64_vector(const Node* x) {
  const types::Type* t = x->type;
  const types::Type* d = t && types::is_tensor(t) && types::rank_of(t) == 1 ? types::dtype_of(t) : nullptr;
  return d && d->kind == types::TypeKind::F64;
}

// u when x is one_hot(k, len(u)) of an i64 k.
const Node* basis_of_length(const Node* x) {
  if (!x->is_prim_apply(Prim::OneHot) || x->num_args() != 2 || !x->arg(0)->type ||
      x->arg(0)->type->kind != types::TypeKind::I64 || !f64_vector(x))
    return nullptr;
  return length_operand(x->arg(1));
}

// Is x's length the length of u for every loop running the body? (A body-made zero has its
// operand's length.)
const Node* sized(const Node* x) {
  return x->is_prim_apply(Prim::ZerosLike) && x->num_args() == 1 && f64_vector(x->arg(0)) ? x->arg(0) : x;
}

// The vectors u and v of a basis product one_hot(k, len(u)) * v (or its dot) in `body` whose
// lengths nothing shows to agree, both read from outside; false when there is none.
bool blocked_product(const ir::Module& m, const Graph* body, const std::vector<LoopSite>& sites, const Node** u,
                     const Node** v) {
  for (const Node* n : body->body) {
    if ((!n->is_prim_apply(Prim::Mul) && !n->is_prim_apply(Prim::Dot)) || n->num_args() != 2) continue;
    for (int side = 0; side < 2; ++side) {
      const Node* a = basis_of_length(n->arg(side));
      const Node* b = sized(n->arg(1 - side));
      // (A v of one element by its type broadcasts: the product rules need no length for it.)
      if (!a || !f64_vector(b) || types::extent(b->type, 0) == 1 || !env_chain(body, a) || !env_chain(body, b) ||
          lengths_agree(m, body, sites, a, b))
        continue;
      *u = a;
      *v = b;
      return true;
    }
  }
  return false;
}

// Is g the code of a branch of an if that checks two lengths (a copy this pass made)?
bool is_version(const ir::Module& m, const Graph* g) {
  for (const auto& outer : m.graphs)
    for (const Node* n : outer->body) {
      if (!n->is_prim_apply(Prim::If) || n->num_args() != 3) continue;
      const Node* c = n->arg(0);
      // len(x) == len(y), or len(x) == k once a known extent folded
      if (!c->is_prim_apply(Prim::Eq) || c->num_args() != 2 ||
          (!c->arg(0)->is_prim_apply(Prim::Len) && !c->arg(1)->is_prim_apply(Prim::Len)))
        continue;
      for (size_t i = 1; i < 3; ++i) {
        const Node* k = n->arg(i);
        if (k->is_prim_apply(Prim::MakeClosure) && k->num_args() == 2 && k->arg(0)->holds_graph() &&
            k->arg(0)->as_graph() == g)
          return true;
      }
    }
  return false;
}

// One loop to version: the graph running it, the loop, its body's code and env.
class Versioner {
 public:
  Versioner(PassContext& ctx, const LoopSite& site) : ctx_(ctx), m_(ctx.module), site_(site), lifting_(ctx, site) {
    outer_ = const_cast<Graph*>(site.outer);
    loop_ = const_cast<Node*>(site.loop);
    body_ = site.loop->arg(1)->arg(0)->as_graph();
  }

  // Puts `if len(u) == len(v): fast copy else: the loop` where the loop was.
  void run(const Node* u, const Node* v) {
    // The body's chains of env reads that are tensors become env elements of the fast copy.
    std::vector<Node*> fast_env(site_.env->inputs.begin() + 1, site_.env->inputs.end());
    std::unordered_map<const Node*, size_t> slot;
    for (const Node* n : body_->body)
      if (types::is_tensor(n->type) && !direct_env_read(body_, n) && env_chain(body_, n)) {
        slot[n] = fast_env.size();
        fast_env.push_back(outside(n));
      }
    Node* a = outside(u);
    Node* b = outside(v);
    const types::Type* i64 = ctx_.store.i64();
    Node* check = place(Prim::Eq, {place(Prim::Len, {a}, i64), place(Prim::Len, {b}, i64)}, ctx_.store.boolean());

    // The branches' shared env: every value either copy reads, once.
    const Node* cond = loop_->arg(0);
    std::vector<Node*> wanted(fast_env);
    wanted.insert(wanted.end(), site_.env->inputs.begin() + 1, site_.env->inputs.end());
    wanted.insert(wanted.end(), cond->arg(1)->inputs.begin() + 1, cond->arg(1)->inputs.end());
    wanted.push_back(loop_->arg(2));
    if (loop_->num_args() == 4 && !loop_->arg(3)->is_constant()) wanted.push_back(loop_->arg(3));  // the trip count
    for (Node* w : wanted)
      if (!index_.count(w)) {
        index_[w] = shared_.size();
        shared_.push_back(w);
      }
    std::vector<const types::Type*> shared_types;
    for (Node* s : shared_) shared_types.push_back(s->type);
    Node* env = place(Prim::MakeTuple, shared_, ctx_.store.tuple(shared_types));

    Graph* fast_body = lifting_.copy_body(slot, fast_env);
    std::vector<Node*> slow_env(site_.env->inputs.begin() + 1, site_.env->inputs.end());
    Node* fast = place(Prim::MakeClosure, {graph_constant(branch("loop.fast", fast_body, fast_env)), env}, nullptr);
    fast->type = ctx_.store.explicit_closure(fast->arg(0)->as_graph(), env->type);
    Node* slow = place(Prim::MakeClosure, {graph_constant(branch("loop.slow", body_, slow_env)), env}, nullptr);
    slow->type = ctx_.store.explicit_closure(slow->arg(0)->as_graph(), env->type);
    Node* chosen = place(Prim::If, {check, fast, slow}, loop_->type);

    lifting_.insert_placed();
    Replacements r;
    r.add(loop_, chosen);
    r.apply(m_);
  }

 private:
  Node* place(Prim p, std::vector<Node*> args, const types::Type* type) { return lifting_.place(p, std::move(args), type); }
  Node* outside(const Node* x) { return lifting_.outside(x); }
  Node* index_constant(size_t i) { return lifting_.index(i); }
  Node* graph_constant(Graph* g) { return typed_constant(m_, g, nullptr, loop_->loc); }

  // Can value be made in a branch: rows_empty(), or a tuple of constants, shared values and such?
  bool made_here(const Node* value, int depth = 0) const {
    if (value->is_prim_apply(Prim::RowsEmpty) && value->num_args() == 0) return true;
    if (!value->is_prim_apply(Prim::MakeTuple) || depth > kMaxChain) return false;
    for (size_t i = 0; i < value->num_args(); ++i) {
      const Node* a = value->arg(i);
      if (!a->is_constant() && !index_.count(a) && !made_here(a, depth + 1)) return false;
    }
    return true;
  }

  // x when value is len(x), x.shape or x.shape[i] of a tensor x the branches share or can
  // compute so (the shape of a tensor cannot fail).
  Node* shape_of_shared(Node* value) {
    Node* x = nullptr;
    int64_t i;
    const std::string* field;
    if (value->is_prim_apply(Prim::Len) && value->num_args() == 1) x = value->arg(0);
    if (value->is_prim_apply(Prim::GetAttr) && value->num_args() == 2 && (field = constant_string(value->arg(1))) &&
        *field == "shape")
      x = value->arg(0);
    if (value->is_prim_apply(Prim::TupleGet) && value->num_args() == 2 && constant_int(value->arg(1), &i) &&
        value->arg(0)->is_prim_apply(Prim::GetAttr))
      x = shape_of_shared(value->arg(0)) ? value->arg(0) : nullptr;
    if (!x || !x->type) return nullptr;
    if (x->is_prim_apply(Prim::GetAttr)) return x;  // the shape tuple, itself computed from a shared tensor
    return types::is_tensor(x->type) && index_.count(x) ? x : nullptr;
  }

  // The code of a branch running the loop with body `code`, whose env is env_values: it reads
  // everything from the shared env and makes the loop's closures.
  Graph* branch(const char* name, Graph* code, const std::vector<Node*>& env_values) {
    Graph* g = m_.new_graph(name, nullptr, loop_->loc, ir::GraphRole::Branch);
    g->origin = outer_->origin;
    std::vector<const types::Type*> shared_types;
    for (Node* s : shared_) shared_types.push_back(s->type);
    Node* env = m_.add_param(g, "$env", loop_->loc);
    env->type = ctx_.store.tuple(shared_types);
    std::unordered_map<const Node*, Node*> read;
    // A shape or length of a shared tensor is read from it again here, so that the loop's
    // bound is seen to be that tensor's length (row_loops.cpp, loop_counters.cpp); tuples and
    // constants are made here for the same reason.
    std::function<Node*(Node*)> get = [&](Node* value) -> Node* {
      if (read.count(value)) return read[value];
      Node* r = nullptr;
      if (value->is_constant()) return value;
      if (made_here(value)) {
        // The initial state, (0, []): rebuilt here, so that the loop is seen to start at 0.
        std::vector<Node*> inputs{value->inputs[0]};
        for (size_t i = 0; i < value->num_args(); ++i) inputs.push_back(get(value->arg(i)));
        r = detached_apply(m_, g, std::move(inputs), value->loc, value->type, value->name);
      } else if (Node* of = shape_of_shared(value)) {
        std::vector<Node*> inputs(value->inputs);
        inputs[1] = get(of);
        r = detached_apply(m_, g, std::move(inputs), value->loc, value->type, value->name);
      } else {
        r = detached_apply(m_, g, {m_.prim(Prim::TupleGet), env, index_constant(index_.at(value))}, loop_->loc,
                           value->type);
      }
      g->body.push_back(r);
      return read[value] = r;
    };
    auto closure = [&](Graph* c, const std::vector<Node*>& values, const types::Type* type) {
      std::vector<Node*> tuple{m_.prim(Prim::MakeTuple)};
      std::vector<const types::Type*> types;
      for (Node* v : values) {
        tuple.push_back(get(v));
        types.push_back(v->type);
      }
      Node* t = detached_apply(m_, g, std::move(tuple), loop_->loc, ctx_.store.tuple(types));
      g->body.push_back(t);
      Node* k = detached_apply(m_, g, {m_.prim(Prim::MakeClosure), graph_constant(c), t}, loop_->loc,
                               type ? type : ctx_.store.explicit_closure(c, t->type));
      g->body.push_back(k);
      return k;
    };
    const Node* cond = loop_->arg(0);
    std::vector<Node*> cond_values(cond->arg(1)->inputs.begin() + 1, cond->arg(1)->inputs.end());
    Node* c = closure(cond->arg(0)->as_graph(), cond_values, cond->type);
    Node* b = closure(code, env_values, code == body_ ? loop_->arg(1)->type : nullptr);
    Node* init = get(loop_->arg(2));
    // Both copies run the loop's iterations from its state, so a counted loop's trip count is
    // still theirs: each stays counted (docs/ad.md §4).
    std::vector<Node*> operands{m_.prim(Prim::While), c, b, init};
    if (loop_->num_args() == 4) operands.push_back(get(loop_->arg(3)));
    Node* loop = detached_apply(m_, g, std::move(operands), loop_->loc, loop_->type, loop_->name);
    g->body.push_back(loop);
    g->output = loop;
    if (loop->type->kind == types::TypeKind::Tuple) {
      // The final state taken apart and made again: what reads a loop's state reads its parts
      // (row_loops.cpp replaces the loop only then).
      std::vector<Node*> parts{m_.prim(Prim::MakeTuple)};
      for (size_t i = 0; i < loop->type->elems.size(); ++i) {
        parts.push_back(detached_apply(m_, g, {m_.prim(Prim::TupleGet), loop, index_constant(i)}, loop_->loc,
                                       loop->type->elems[i]));
        g->body.push_back(parts.back());
      }
      g->output = detached_apply(m_, g, std::move(parts), loop_->loc, loop->type);
      g->body.push_back(g->output);
    }
    return g;
  }

  PassContext& ctx_;
  ir::Module& m_;
  const LoopSite& site_;
  Graph* outer_;
  Node* loop_;
  Graph* body_;
  EnvLifting lifting_;  // the nodes placed before the loop, and the fast copy's lifted chains
  std::vector<Node*> shared_;
  std::unordered_map<const Node*, size_t> index_;
};

// A loop whose cond and body are closures of closed code made where the loop runs.
bool convertible(const LoopSite& site) {
  const Node* cond = site.loop->arg(0);
  const Node* body = site.loop->arg(1);
  return site.env && body->is_prim_apply(Prim::MakeClosure) && body->arg(0)->as_graph()->params.size() == 2 &&
         cond->is_prim_apply(Prim::MakeClosure) && cond->num_args() == 2 && cond->arg(0)->holds_graph() &&
         cond->arg(1)->is_prim_apply(Prim::MakeTuple) && cond->type && body->type && site.loop->type;
}

}  // namespace

bool version_loops(PassContext& ctx) {
  if (ctx.options.check_nan || ctx.options.limited_loops) return false;
  auto sites_of = loop_sites(ctx.module);
  auto children = children_of(ctx.module);
  bool changed = false;
  for (const auto& [body, sites] : sites_of) {
    const Node *u, *v;
    if (!body->origin || sites.size() != 1 || !convertible(sites[0]) || children.count(body) ||
        body->params.size() != 2 || is_version(ctx.module, sites[0].outer) ||
        !blocked_product(ctx.module, body, sites, &u, &v))
      continue;
    Versioner(ctx, sites[0]).run(u, v);
    changed = true;
    break;  // the loop sites changed: the next round finds the next loop
  }
  return changed;
}

}  // namespace fx::opt
