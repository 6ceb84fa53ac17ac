// Control family: calls of function values, if, while, make_closure, jfn, tfn, zeros_like
// and add_tangent (the persistent lists are in control_lists.cpp).
//
// A function value's tangent and cotangent are those of its env (docs/ad.md §2): calling f
// with tangent df is tfn(f)(df, x1, dx1, ...) → (y, dy); in reverse mode jfn(f)(x...) →
// (y, pullback) and pullback(ct) → (ct_f, ct_x1, ...). jfn/tfn of a closure whose code is
// known here are folded into make_closure(J/T(code), env) (transformed_fn). `if` and `while`
// run transformed branches and bodies through the small closed helper graphs of helpers.cpp.
#include "ad/context.hpp"
#include "ad/rule_context.hpp"
#include "ad/rules/rules.hpp"
#include "support/diagnostics.hpp"

namespace fx::ad {

using ir::Graph;
using ir::Node;
using ir::Prim;

namespace control_rules {

// Is n make_closure(@code, env) with a graph constant as code?
bool known_closure(const Node* n) {
  return n->is_prim_apply(Prim::MakeClosure) && n->arg(0)->holds_graph();
}

// Two closures over envs built from the same nodes: `if` branches after closure conversion
// (closure_convert.cpp gives both branches the union of their free variables).
bool same_env(const Node* a, const Node* b) {
  if (!known_closure(a) || !known_closure(b)) return false;
  const Node* ea = a->arg(1);
  const Node* eb = b->arg(1);
  if (ea == eb) return true;
  if (!ea->is_prim_apply(Prim::MakeTuple) || !eb->is_prim_apply(Prim::MakeTuple) || ea->num_args() != eb->num_args())
    return false;
  for (size_t i = 0; i < ea->num_args(); ++i)
    if (ea->arg(i) != eb->arg(i)) return false;
  return true;
}

[[noreturn]] void keyword_call(const Node* n) {
  runtime_error(n->loc,
                "cannot differentiate a call with keyword arguments to a function value whose definition "
                "is not known here; pass the arguments by position");
}

// ---- calls
void jvp_call(JvpCtx& c) {
  if (!c.node->keywords.empty()) keyword_call(c.node);
  std::vector<Node*> args, dargs;
  for (size_t i = 0; i < c.num_args(); ++i) {
    args.push_back(c.in(i));
    dargs.push_back(c.tan_or_zero(i));  // typed zeros where the source knows the type
  }
  jvp_of_call(c, c.node->callee(), c.callee(), c.callee_tan(), args, dargs);
}
void vjp_call_forward(VjpForwardCtx& c) {
  if (!c.node->keywords.empty()) keyword_call(c.node);
  std::vector<Node*> args;
  for (size_t i = 0; i < c.node->num_args(); ++i) args.push_back(c.in(i));
  vjp_forward_of_call(c, c.node->callee(), c.callee(), args);
}
void vjp_call_backward(VjpBackwardCtx& c) {
  Node* cts = vjp_backward_of_call(c, c.node->num_args());
  if (c.callee_active()) c.give_callee(c.e.get(cts, 0));
  for (size_t i = 0; i < c.node->num_args(); ++i)
    if (c.active(i)) c.give(i, c.e.get(cts, static_cast<int64_t>(i + 1)));
}

// ---- if(c, then_fn, else_fn)
void jvp_if(JvpCtx& c) {
  Emitter& e = c.e;
  auto branch = [&](size_t i) {
    Node* tf = transformed_fn(e, c.cx, Mode::Forward, c.node->arg(i), c.in(i));
    return e.closure(c.cx.helper(Helper::TCall0), {tf, c.tan_or_zero(i)});
  };
  Node* then_fn = branch(1);
  Node* else_fn = branch(2);
  Node* r = e.op(Prim::If, {c.in(0), then_fn, else_fn});
  c.cx.note_arity(r, 2);
  c.set_pair(r);
}
void vjp_if_forward(VjpForwardCtx& c) {
  Emitter& e = c.e;
  // A known branch closure (code, env) becomes (J(code), env), itself a nullary function
  // returning (y, pullback); any other function value goes through jfn at run time.
  auto branch = [&](size_t i) {
    if (known_closure(c.node->arg(i))) return transformed_fn(e, c.cx, Mode::Reverse, c.node->arg(i), c.in(i));
    return e.closure(c.cx.helper(Helper::JCall0), {c.in(i)});
  };
  Node* then_fn = branch(1);
  Node* else_fn = branch(2);
  Node* r = e.op(Prim::If, {c.in(0), then_fn, else_fn});
  c.cx.note_arity(r, 2);
  c.set_primal(e.get(r, 0, c.node->name));
  c.save(e.get(r, 1));
}
// The chosen branch's pullback gives its env cotangent. When both branch closures are built
// from the same env nodes, it goes to those nodes whichever branch ran; otherwise it goes to
// the chosen branch's closure, and the other gets zeros.
void vjp_if_backward(VjpBackwardCtx& c) {
  Emitter& e = c.e;
  Node* cts = e.call(c.saved(0), {c.ct()});
  c.cx.note_arity(cts, 1);
  Node* ct_fn = e.get(cts, 0);
  if (same_env(c.node->arg(1), c.node->arg(2))) {
    c.give(c.active(1) ? 1 : 2, ct_fn);
    return;
  }
  Node* cond = c.in(0);
  for (size_t branch : {size_t(1), size_t(2)}) {
    if (!c.active(branch)) continue;
    Node* taken = e.closure(c.cx.helper(Helper::Identity0), {ct_fn});
    Node* other = e.closure(c.cx.helper(Helper::Zeros0), {c.in(branch)});
    Node* v = branch == 1 ? e.op(Prim::If, {cond, taken, other}) : e.op(Prim::If, {cond, other, taken});
    c.give(branch, v);
  }
}

// ---- while(cond_fn, body_fn, init[, trips]): the state becomes (s, ds) in forward mode; in
// reverse mode the loop pushes each iteration's pullback, and a second loop pops and applies
// them. A counted loop (trips known at entry) stays counted, and its tape, list_empty(trips),
// is laid out once for all its entries; a plain while's tape grows by doubling.
bool counted(const Node* loop) { return loop->num_args() == 4; }

void jvp_while(JvpCtx& c) {
  Emitter& e = c.e;
  Node* tbody = transformed_fn(e, c.cx, Mode::Forward, c.node->arg(1), c.in(1));
  Node* cond = e.closure(c.cx.helper(Helper::TWhileCond), {c.in(0)});
  Node* body = e.closure(c.cx.helper(Helper::TWhileBody), {tbody, c.tan_or_zero(1)});
  std::vector<Node*> operands{cond, body, e.tuple({c.in(2), c.tan_or_zero(2)})};
  if (counted(c.node)) operands.push_back(c.in(3));
  Node* r = e.op(Prim::While, std::move(operands));
  c.cx.note_arity(r, 2);
  c.set_pair(r);
}
void vjp_while_forward(VjpForwardCtx& c) {
  Emitter& e = c.e;
  Node* jbody = transformed_fn(e, c.cx, Mode::Reverse, c.node->arg(1), c.in(1));
  Node* cond = e.closure(c.cx.helper(Helper::JWhileCond), {c.in(0)});
  Node* body = e.closure(c.cx.helper(Helper::JWhileBody), {jbody});
  Node* tape = counted(c.node) ? e.op(Prim::ListEmpty, {c.in(3)}) : e.op(Prim::ListEmpty, {});
  std::vector<Node*> operands{cond, body, e.tuple({c.in(2), tape})};
  if (counted(c.node)) operands.push_back(c.in(3));
  Node* r = e.op(Prim::While, std::move(operands));
  c.cx.note_arity(r, 2);
  c.set_primal(e.get(r, 0, c.node->name));
  c.save(e.get(r, 1, "pullbacks"));
}
void vjp_while_backward(VjpBackwardCtx& c) {
  Emitter& e = c.e;
  Node* cond = e.closure(c.cx.helper(Helper::JWhileBackCond), {});
  Node* r;
  if (c.active(1)) {  // the body closure captured differentiable values: accumulate their cotangent
    Node* body = e.closure(c.cx.helper(Helper::JWhileBackBodyAcc), {});
    r = e.op(Prim::While, {cond, body, e.tuple({c.ct(), c.saved(0), e.zeros(c.in(1))})});
    c.cx.note_arity(r, 3);
    c.give(1, e.get(r, 2));
  } else {
    Node* body = e.closure(c.cx.helper(Helper::JWhileBackBody), {});
    r = e.op(Prim::While, {cond, body, e.tuple({c.ct(), c.saved(0)})});
    c.cx.note_arity(r, 2);
  }
  c.give(2, e.get(r, 0));
}

// ---- make_closure(code, env), jfn(f), tfn(f): the function's env is the differentiable part.
void jvp_env(JvpCtx& c) {
  size_t env = c.node->is_prim_apply(Prim::MakeClosure) ? 1 : 0;
  c.set(c.primal(), c.tan(env));
}
void vjp_make_closure(VjpBackwardCtx& c) { c.pass_through(1); }
void vjp_transformed_fn(VjpBackwardCtx& c) { c.pass_through(0); }

// ---- closure_at(f, @clones...): f with another clone as code and the same env.
void jvp_closure_at(JvpCtx& c) { c.set(c.primal(), c.tan(0)); }
void vjp_closure_at(VjpBackwardCtx& c) { c.pass_through(0); }

// ---- add_tangent(a, b): linear.
void jvp_add_tangent(JvpCtx& c) { c.set(c.primal(), c.e.add(c.tan(0), c.tan(1))); }
void vjp_add_tangent(VjpBackwardCtx& c) {
  c.pass_through(0);
  c.pass_through(1);
}

}  // namespace control_rules

// ------------------------------------------------------------------ calls, shared
Node* transformed_fn(Emitter& e, Context& cx, Mode mode, const Node* source, Node* mapped) {
  using control_rules::known_closure;
  if (source && known_closure(source) && mapped->is_prim_apply(Prim::MakeClosure))
    return e.op(Prim::MakeClosure, {e.cst(cx.transform(mode, source->arg(0)->as_graph())), mapped->arg(1)});
  if (source && source->holds_graph() && !source->as_graph()->parent) {  // a top-level function
    Graph* code = cx.convert(source->as_graph()).graph;
    return e.op(Prim::MakeClosure, {e.cst(cx.transform(mode, code)), e.tuple({})});
  }
  return e.op(mode == Mode::Forward ? Prim::Tfn : Prim::Jfn, {mapped});
}

void jvp_of_call(JvpCtx& c, const Node* source_callee, Node* callee, Node* dcallee, const std::vector<Node*>& args,
                 const std::vector<Node*>& dargs) {
  Emitter& e = c.e;
  Node* tf = transformed_fn(e, c.cx, Mode::Forward, source_callee, callee);
  std::vector<Node*> inputs{dcallee ? dcallee : e.zeros(callee)};
  for (size_t i = 0; i < args.size(); ++i) {
    inputs.push_back(args[i]);
    inputs.push_back(dargs[i] ? dargs[i] : e.zeros(args[i]));
  }
  Node* r = e.call(tf, std::move(inputs));
  c.cx.note_arity(r, 2);
  c.set_pair(r);
}

void vjp_forward_of_call(VjpForwardCtx& c, const Node* source_callee, Node* callee, const std::vector<Node*>& args) {
  Emitter& e = c.e;
  Node* jf = transformed_fn(e, c.cx, Mode::Reverse, source_callee, callee);
  Node* r = e.call(jf, args);
  c.cx.note_arity(r, 2);
  c.set_primal(e.get(r, 0, c.node->name));
  c.save(e.get(r, 1, "pb"));
}

Node* vjp_backward_of_call(VjpBackwardCtx& c, size_t nargs) {
  Node* cts = c.e.call(c.saved(0), {c.ct()});
  c.cx.note_arity(cts, static_cast<int>(nargs + 1));
  return cts;
}

void register_control_rules(Registry& r) {
  using namespace control_rules;
  r.set_call_rules(jvp_call, vjp_call_backward, vjp_call_forward);
  r.set_jvp(Prim::If, jvp_if);
  r.set_vjp(Prim::If, vjp_if_backward, vjp_if_forward);
  r.set_passive(Prim::If, 0);
  r.set_jvp(Prim::While, jvp_while);
  r.set_vjp(Prim::While, vjp_while_backward, vjp_while_forward);
  r.set_passive(Prim::While, 0);
  r.set_passive(Prim::While, 3);  // a counted loop's trip count: an integer
  r.set_jvp(Prim::MakeClosure, jvp_env);
  r.set_vjp(Prim::MakeClosure, vjp_make_closure);
  r.set_passive(Prim::MakeClosure, 0);
  r.set_jvp(Prim::ClosureEnv, jvp_env);
  r.set_vjp(Prim::ClosureEnv, vjp_transformed_fn);
  r.set_jvp(Prim::Jfn, jvp_env);
  r.set_vjp(Prim::Jfn, vjp_transformed_fn);
  r.set_jvp(Prim::Tfn, jvp_env);
  r.set_vjp(Prim::Tfn, vjp_transformed_fn);
  r.set_jvp(Prim::ClosureAt, jvp_closure_at);
  r.set_vjp(Prim::ClosureAt, vjp_closure_at);
  for (size_t i = 1; i < 32; ++i) r.set_passive(Prim::ClosureAt, i);  // the clones: code, not values
  r.set_zero(Prim::ZerosLike);
  r.set_zero(Prim::GradSeed);  // a constant 1.0, or an error
  r.set_jvp(Prim::AddTangent, jvp_add_tangent);
  r.set_vjp(Prim::AddTangent, vjp_add_tangent);
}

}  // namespace fx::ad
