#include "opt/loop_env_lifting.hpp"

#include "opt/rewrite.hpp"

namespace fx::opt {

using ir::Graph;
using ir::Node;
using ir::Prim;

EnvLifting::EnvLifting(PassContext& ctx, const LoopSite& site)
    : ctx_(ctx),
      m_(ctx.module),
      outer_(const_cast<Graph*>(site.outer)),
      loop_(const_cast<Node*>(site.loop)),
      env_(site.env),
      body_(site.loop->arg(1)->arg(0)->as_graph()) {}

Node* EnvLifting::placed(Node* n) {
  placed_.push_back(n);
  return n;
}

void EnvLifting::insert_placed() {
  std::vector<Node*> body;
  for (Node* n : outer_->body) {
    if (n == loop_) body.insert(body.end(), placed_.begin(), placed_.end());
    body.push_back(n);
  }
  outer_->body = std::move(body);
  placed_.clear();
}

Node* EnvLifting::place(Prim p, std::vector<Node*> args, const types::Type* type) {
  if (p != Prim::MakeTuple && p != Prim::MakeClosure && p != Prim::If)
    for (const std::vector<Node*>* nodes : {&outer_->body, &placed_})
      for (Node* n : *nodes) {
        if (n == loop_) break;
        if (n->is_prim_apply(p) && n->num_args() == args.size() && same_args(n, args)) return n;
      }
  args.insert(args.begin(), m_.prim(p));
  return placed(detached_apply(m_, outer_, std::move(args), loop_->loc, type));
}

bool EnvLifting::same_args(const Node* n, const std::vector<Node*>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    int64_t x, y;
    if (n->arg(i) != args[i] && !(constant_int(n->arg(i), &x) && constant_int(args[i], &y) && x == y)) return false;
  }
  return true;
}

Node* EnvLifting::index(size_t i) {
  return typed_constant(m_, static_cast<int64_t>(i), ctx_.store.i64(), loop_->loc);
}

Node* EnvLifting::element(Node* t, int64_t j, const types::Type* type, const types::Type* env_type) {
  if (t->type && t->type->kind == types::TypeKind::Tuple)
    return place(Prim::TupleGet, {t, index(static_cast<size_t>(j))}, type);
  Node* e = t->is_prim_apply(Prim::MakeClosure) && t->num_args() == 2 ? t->arg(1)
                                                                     : place(Prim::ClosureEnv, {t}, env_type);
  return place(Prim::TupleGet, {e, index(static_cast<size_t>(j))}, type);
}

Node* EnvLifting::outside(const Node* x) {
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
      out = place(Prim::TupleGet, {t, index(static_cast<size_t>(j))}, x->type);
    }
  } else {  // closure_env
    Node* c = outside(x->arg(0));
    out = c->is_prim_apply(Prim::MakeClosure) && c->num_args() == 2 ? c->arg(1) : place(Prim::ClosureEnv, {c}, x->type);
  }
  return outside_[x] = out;
}

Graph* EnvLifting::copy_body(const std::unordered_map<const Node*, size_t>& slot, const std::vector<Node*>& env_values) {
  Graph* g = m_.new_graph(body_->name, nullptr, body_->loc, body_->role);
  g->origin = body_->origin;
  std::vector<const types::Type*> types;
  for (Node* e : env_values) types.push_back(e->type);
  Node* env = m_.add_param(g, body_->params[0]->name, body_->params[0]->loc);
  env->type = ctx_.store.tuple(types);
  Node* state = m_.add_param(g, body_->params[1]->name, body_->params[1]->loc);
  state->type = body_->params[1]->type;
  std::unordered_map<const Node*, Node*> to{{body_->params[0], env}, {body_->params[1], state}};
  for (Node* n : body_->body) {
    std::vector<Node*> inputs;
    if (slot.count(n)) {
      inputs = {m_.prim(Prim::TupleGet), env, index(slot.at(n))};
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

}  // namespace fx::opt
