// Generic codes (generic.hpp): their template graphs, built on jfn/tfn so that an outer
// transform sees ordinary IR (docs/ad.md §4), and Context::instantiate, which applies the
// transform stack — with the special first transforms of checkpoint (J recomputes),
// custom_vjp (J uses fwd/bwd) and custom_jvp (T uses the rule, J transposes it).
#include "ad/templates.hpp"

#include <map>

#include "ad/forward.hpp"
#include "support/diagnostics.hpp"

namespace fx::ad {

using ir::Graph;
using ir::Node;
using ir::Prim;

namespace templates {

Template::Template(Context& c, const std::string& name, size_t arity, const std::vector<std::string>& extra)
    : cx(c), g(c.new_graph(name, ir::GraphRole::Function, {})), e(c, g) {
  env = c.module().add_param(g, "$env", {});
  for (size_t i = 0; i < arity; ++i) xs.push_back(c.module().add_param(g, "x" + std::to_string(i), {}));
  for (const std::string& p : extra) xs.push_back(c.module().add_param(g, p, {}));
}

std::string template_name(const GenericCall& call) { return base_key(call); }

std::string base_key(const GenericCall& call) {
  std::string key = generic_name(call.kind);
  if (call.kind == Generic::PrimFn) key += std::string(":") + ir::prim_name(call.prim);
  if (argnums_slot(call.kind) >= 0) key += ",argnums=" + call.argnums.key();
  if (call.forward) key += ",forward";
  key += ",n=" + std::to_string(call.arity);
  if (needs_shapes(call.kind)) {
    // Templates depend on the structure of the arguments, dtypes and ranks included, not on
    // tensor extents: they loop over a tensor's elements (jacobian.cpp).
    key += ",shapes=";
    for (size_t i = 0; i < call.shapes.size(); ++i)
      key += shape_ignored(call.kind, i, call.shapes.size()) ? std::string("_;") : call.shapes[i].key(false) + ";";
  }
  // A seed checked when it runs reports at its own call site: one template per site.
  if (call.kind == Generic::GradSeed && call.shapes.size() == 1 && call.shapes[0].kind == Shape::Kind::Undef &&
      call.loc.valid())
    key += ",at=" + call.loc.file->path + ":" + std::to_string(call.loc.line) + ":" + std::to_string(call.loc.col);
  return key;
}

void check_argnums(const GenericCall& call, const char* op) {
  for (int64_t a : call.argnums.nums)
    if (a < 0 || static_cast<size_t>(a) >= call.arity)
      runtime_error(call.loc, std::string(op) + ": argnums " + std::to_string(a) + " is out of range for a call with " +
                                  std::to_string(call.arity) + (call.arity == 1 ? " argument" : " arguments"));
}

Node* argnums_node(Emitter& e, const Argnums& a) {
  if (!a.tuple) return e.i64(a.nums.at(0));
  std::vector<Node*> items;
  for (int64_t n : a.nums) items.push_back(e.i64(n));
  return e.tuple(std::move(items));
}

Node* selected_inputs(Template& t, const Argnums& a) {
  if (!a.tuple) return t.xs.at(static_cast<size_t>(a.nums.at(0)));
  std::vector<Node*> items;
  for (int64_t n : a.nums) items.push_back(t.xs.at(static_cast<size_t>(n)));
  return t.e.tuple(std::move(items));
}

namespace builders {

// r = jfn(f)(x...): (y, pullback).
Node* reverse_call(Template& t, Node* f) {
  Node* r = t.e.call(t.e.op(Prim::Jfn, {f}), t.xs, "r");
  t.cx.note_arity(r, 2);
  return r;
}

// grad / value_and_grad of a function of one f64 with an f64 result, in forward mode:
// tfn(f)(0, x0, 0, ..., xa, 1.0, ...) (the tangent 1.0 at argnums a, zeros elsewhere).
Graph* build_grad_forward(Context& cx, const GenericCall& call) {
  Template t(cx, template_name(call), call.arity);
  Node* f = t.fn();
  std::vector<Node*> args{t.e.zeros(f)};
  for (size_t i = 0; i < call.arity; ++i) {
    args.push_back(t.xs[i]);
    args.push_back(static_cast<int64_t>(i) == call.argnums.nums.at(0) ? t.e.f64(1.0) : t.e.zeros(t.xs[i]));
  }
  Node* r = t.e.call(t.e.op(Prim::Tfn, {f}), std::move(args), "r");
  cx.note_arity(r, 2);
  t.g->output = call.kind == Generic::ValueAndGrad ? r : t.e.get(r, 1, "g");
  return t.g;
}

// grad / value_and_grad: pullback(1.0), the seed checked by "grad.seed".
Graph* build_grad(Context& cx, const GenericCall& call) {
  check_argnums(call, generic_name(call.kind));
  if (call.forward) return build_grad_forward(cx, call);
  Template t(cx, template_name(call), call.arity);
  Node* r = reverse_call(t, t.fn());
  Node* y = t.e.get(r, 0, "y");
  Node* seed = t.e.call(t.e.generic("grad.seed", {}), {y}, "seed");
  Node* cts = t.e.call(t.e.get(r, 1, "pullback"), {seed}, "cts");
  cx.note_arity(cts, static_cast<int>(call.arity + 1));
  Node* g;
  if (call.argnums.tuple) {
    std::vector<Node*> items;
    for (int64_t a : call.argnums.nums) items.push_back(t.e.get(cts, a + 1));
    g = t.e.tuple(std::move(items));
  } else {
    g = t.e.get(cts, call.argnums.nums.at(0) + 1);
  }
  t.g->output = call.kind == Generic::ValueAndGrad ? t.e.tuple({y, g}) : g;
  return t.g;
}

Graph* build_grad_seed(Context& cx, const GenericCall& call) {
  // An f32 scalar is a rank-0 tensor at run time; its seed 1.0 is weak (takes its dtype).
  auto is_scalar = [](const Shape& s) {
    return s.kind == Shape::Kind::Float || (s.is_differentiable_leaf() && s.dims.empty());
  };
  // A tensor of a rank not known ahead of time (the expansion lets only a typed tensor through
  // unshaped): grad_seed checks when it runs that it is a scalar. Under a transform (a second
  // derivative: jvp(grad(f)), grad(grad(f))) its rule is the zero one (ops.def): the seed is a
  // constant.
  if (call.shapes.size() == 1 && call.shapes[0].kind == Shape::Kind::Undef) {
    Template t(cx, template_name(call), 1);
    t.e.loc = call.loc;  // the error's location (the template is this site's: base_key)
    t.g->output = t.e.op(Prim::GradSeed, {t.xs[0]}, "seed");
    return t.g;
  }
  if (call.shapes.size() != 1 || !is_scalar(call.shapes[0]))
    runtime_error(call.loc, "the function being differentiated must return a scalar f64 to take its gradient, found " +
                                (call.shapes.empty() ? std::string("nothing") : call.shapes[0].describe()));
  Template t(cx, template_name(call), 1);
  t.g->output = t.e.f64(1.0);
  return t.g;
}

// derivative(f)(x) = tfn(f)(0, x, 1.0)[1].
Graph* build_derivative(Context& cx, const GenericCall& call) {
  if (call.arity != 1)
    runtime_error(call.loc, "derivative(f) is for functions of one argument, but it was called with " +
                                std::to_string(call.arity) + " arguments");
  Template t(cx, template_name(call), 1);
  Node* f = t.fn();
  Node* r = t.e.call(t.e.op(Prim::Tfn, {f}), {t.e.zeros(f), t.xs[0], t.e.f64(1.0)}, "r");
  cx.note_arity(r, 2);
  t.g->output = t.e.get(r, 1);
  return t.g;
}

// jvp(f, primals, tangents) = tfn(f)(0, p0, t0, p1, t1, ...).
Graph* build_jvp(Context& cx, const GenericCall& call) {
  const auto& s = call.shapes;
  if (s.size() != 2 || s[0].kind != Shape::Kind::Tuple || s[1].kind != Shape::Kind::Tuple ||
      s[0].elems.size() != s[1].elems.size())
    runtime_error(call.loc, "jvp(f, primals, tangents) needs primals and tangents as tuples of the same length, found " +
                                (s.size() == 2 ? s[0].describe() + " and " + s[1].describe() : std::string("other arguments")));
  Template t(cx, template_name(call), 2);
  Node* f = t.fn();
  std::vector<Node*> args{t.e.zeros(f)};
  for (size_t i = 0; i < s[0].elems.size(); ++i) {
    args.push_back(t.e.get(t.xs[0], static_cast<int64_t>(i)));
    args.push_back(t.e.get(t.xs[1], static_cast<int64_t>(i)));
  }
  Node* r = t.e.call(t.e.op(Prim::Tfn, {f}), std::move(args));
  cx.note_arity(r, 2);
  t.g->output = r;
  return t.g;
}

// The pullback vjp returns: the cotangents of the primals, without the env's.
Graph* vjp_pullback(Context& cx, size_t n, std::map<std::string, Graph*>& cache) {
  std::string key = "vjp.pullback[n=" + std::to_string(n) + "]";
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  Template t(cx, key, 0, {"ct"});
  cache[key] = t.g;
  cx.note_arity(t.env, 1);
  Node* cts = t.e.call(t.e.get(t.env, 0), {t.xs[0]}, "cts");
  cx.note_arity(cts, static_cast<int>(n + 1));
  std::vector<Node*> items;
  for (size_t i = 0; i < n; ++i) items.push_back(t.e.get(cts, static_cast<int64_t>(i + 1)));
  t.g->output = t.e.tuple(std::move(items));
  return t.g;
}

Graph* build_vjp(Context& cx, const GenericCall& call, std::map<std::string, Graph*>& cache) {
  Template t(cx, template_name(call), call.arity);
  Node* r = reverse_call(t, t.fn());
  Node* pb = t.e.closure(vjp_pullback(cx, call.arity, cache), {t.e.get(r, 1)}, "pullback");
  t.g->output = t.e.tuple({t.e.get(r, 0), pb});
  return t.g;
}

// hessian(f, a) = jacfwd(jacrev(f, a), a).
Graph* build_hessian(Context& cx, const GenericCall& call) {
  check_argnums(call, "hessian");
  Template t(cx, template_name(call), call.arity);
  Node* d1 = t.e.op(Prim::Jacrev, {t.fn(), argnums_node(t.e, call.argnums)});
  Node* d2 = t.e.op(Prim::Jacfwd, {d1, argnums_node(t.e, call.argnums)});
  t.g->output = t.e.call(d2, t.xs);
  return t.g;
}

// checkpoint(f), custom_vjp(f, ...), custom_jvp(f, ...) called plainly: f(x...).
Graph* build_call_through(Context& cx, const GenericCall& call) {
  Template t(cx, template_name(call), call.arity);
  t.g->output = t.e.call(t.fn(), t.xs);
  return t.g;
}

Graph* build_prim_fn(Context& cx, const GenericCall& call) {
  const ir::PrimInfo& info = ir::prim_info(call.prim);
  if (info.arity >= 0 && static_cast<size_t>(info.arity) != call.arity)
    runtime_error(call.loc, std::string("builtin ") + info.name + " takes " + std::to_string(info.arity) +
                                (info.arity == 1 ? " argument" : " arguments") + ", found " + std::to_string(call.arity));
  Template t(cx, template_name(call), call.arity);
  // A primitive's env is empty: so is its tangent's, which a dispatch on one of several
  // functions (a primitive among them) narrows to that (expand/value_types.cpp narrowed).
  cx.note_arity(t.env, 0);
  t.g->output = t.e.op(call.prim, t.xs);
  return t.g;
}

// ---- special first transforms
// J(checkpoint(f)): keeps only the inputs; the pullback recomputes jfn(f)(x...).
Graph* checkpoint_reverse(Context& cx, const GenericCall& call) {
  size_t n = call.arity;
  Template back(cx, "checkpoint.back[n=" + std::to_string(n) + "]", 0, {"ct"});
  cx.note_arity(back.env, static_cast<int>(n + 1));
  Node* env = back.e.get(back.env, 0, "env");
  cx.note_arity(env, 1);
  std::vector<Node*> xs;
  for (size_t i = 0; i < n; ++i) xs.push_back(back.e.get(back.env, static_cast<int64_t>(i + 1)));
  Node* r = back.e.call(back.e.op(Prim::Jfn, {back.e.get(env, 0, "f")}), xs, "r");
  cx.note_arity(r, 2);
  Node* cts = back.e.call(back.e.get(r, 1), {back.xs[0]}, "cts");
  cx.note_arity(cts, static_cast<int>(n + 1));
  std::vector<Node*> out{back.e.tuple({back.e.get(cts, 0)})};
  for (size_t i = 0; i < n; ++i) out.push_back(back.e.get(cts, static_cast<int64_t>(i + 1)));
  back.g->output = back.e.tuple(std::move(out));

  Template fwd(cx, "checkpoint[J,n=" + std::to_string(n) + "]", n);
  Node* y = fwd.e.call(fwd.fn(), fwd.xs, "y");
  std::vector<Node*> saved{fwd.env};
  saved.insert(saved.end(), fwd.xs.begin(), fwd.xs.end());
  fwd.g->output = fwd.e.tuple({y, fwd.e.closure(back.g, saved, "pullback")});
  return fwd.g;
}

// J(custom_vjp(f, fwd, bwd)): (y, res) = fwd(x...); the pullback is bwd(res, ct). The env
// (f, fwd, bwd) gets a zero cotangent.
Graph* custom_vjp_reverse(Context& cx, const GenericCall& call) {
  size_t n = call.arity;
  Template back(cx, "custom_vjp.back[n=" + std::to_string(n) + "]", 0, {"ct"});
  cx.note_arity(back.env, 2);
  Node* env = back.e.get(back.env, 0, "env");
  cx.note_arity(env, 3);
  Node* cts = back.e.call(back.e.get(env, 2, "bwd"), {back.e.get(back.env, 1, "res"), back.xs[0]}, "cts");
  cx.note_arity(cts, static_cast<int>(n));
  std::vector<Node*> out{back.e.zeros(env)};
  for (size_t i = 0; i < n; ++i) out.push_back(back.e.get(cts, static_cast<int64_t>(i)));
  back.g->output = back.e.tuple(std::move(out));

  Template fwd(cx, "custom_vjp[J,n=" + std::to_string(n) + "]", n);
  Node* r = fwd.e.call(fwd.e.get(fwd.env, 1, "fwd"), fwd.xs, "r");
  cx.note_arity(r, 2);
  Node* pb = fwd.e.closure(back.g, {fwd.env, fwd.e.get(r, 1, "res")}, "pullback");
  fwd.g->output = fwd.e.tuple({fwd.e.get(r, 0, "y"), pb});
  return fwd.g;
}

// T(custom_jvp(f, rule))(env, denv, x0, dx0, ...) = rule((x...), (dx...)).
Graph* custom_jvp_forward(Context& cx, const GenericCall& call) {
  size_t n = call.arity;
  std::vector<std::string> params{"$denv"};
  for (size_t i = 0; i < n; ++i) {
    params.push_back("x" + std::to_string(i));
    params.push_back("dx" + std::to_string(i));
  }
  Template t(cx, "custom_jvp[T,n=" + std::to_string(n) + "]", 0, params);
  std::vector<Node*> xs, dxs;
  for (size_t i = 0; i < n; ++i) {
    xs.push_back(t.xs[1 + 2 * i]);
    dxs.push_back(t.xs[2 + 2 * i]);
  }
  Node* r = t.e.call(t.e.get(t.env, 1, "rule"), {t.e.tuple(std::move(xs)), t.e.tuple(std::move(dxs))});
  cx.note_arity(r, 2);
  t.g->output = r;
  return t.g;
}

// J(custom_jvp(f, rule)) (JAX): y = rule((x...), (0...))[0]; the pullback transposes the rule
// through the helper "custom_jvp.back", instantiated for the inputs' and cotangent's shapes.
// The env (f, rule) gets a zero cotangent.
Graph* custom_jvp_reverse(Context& cx, const GenericCall& call) {
  size_t n = call.arity;
  Template back(cx, "custom_jvp.back[J,n=" + std::to_string(n) + "]", 0, {"ct"});
  cx.note_arity(back.env, static_cast<int>(n + 1));
  Node* env = back.e.get(back.env, 0, "env");
  cx.note_arity(env, 2);
  std::vector<Node*> args{back.e.get(env, 1, "rule")};
  for (size_t i = 0; i < n; ++i) args.push_back(back.e.get(back.env, static_cast<int64_t>(i + 1)));
  args.push_back(back.xs[0]);
  Node* cts = back.e.call(back.e.generic("custom_jvp.back", {}), std::move(args), "cts");
  cx.note_arity(cts, static_cast<int>(n));
  std::vector<Node*> out{back.e.zeros(env)};
  for (size_t i = 0; i < n; ++i) out.push_back(back.e.get(cts, static_cast<int64_t>(i)));
  back.g->output = back.e.tuple(std::move(out));

  Template fwd(cx, "custom_jvp[J,n=" + std::to_string(n) + "]", n);
  std::vector<Node*> zeros;
  for (Node* x : fwd.xs) zeros.push_back(fwd.e.zeros(x));
  Node* r = fwd.e.call(fwd.e.get(fwd.env, 1, "rule"), {fwd.e.tuple(fwd.xs), fwd.e.tuple(std::move(zeros))}, "r");
  cx.note_arity(r, 2);
  std::vector<Node*> saved{fwd.env};
  saved.insert(saved.end(), fwd.xs.begin(), fwd.xs.end());
  fwd.g->output = fwd.e.tuple({fwd.e.get(r, 0, "y"), fwd.e.closure(back.g, saved, "pullback")});
  return fwd.g;
}

Graph* special_first_impl(Context& cx, const GenericCall& call, Mode mode) {
  if (call.kind == Generic::Checkpoint && mode == Mode::Reverse) return checkpoint_reverse(cx, call);
  if (call.kind == Generic::CustomVjp && mode == Mode::Reverse) return custom_vjp_reverse(cx, call);
  if (call.kind == Generic::CustomJvp && mode == Mode::Forward) return custom_jvp_forward(cx, call);
  if (call.kind == Generic::CustomJvp && mode == Mode::Reverse) return custom_jvp_reverse(cx, call);
  return nullptr;
}

}  // namespace builders

using namespace builders;

Graph* special_first(Context& cx, const GenericCall& call, Mode mode) { return special_first_impl(cx, call, mode); }

Graph* build_base(Context& cx, const GenericCall& call, std::map<std::string, Graph*>& cache) {
  switch (call.kind) {
    case Generic::Grad:
    case Generic::ValueAndGrad: return build_grad(cx, call);
    case Generic::Jacfwd: return build_jacfwd(cx, call);
    case Generic::Jacrev: return build_jacrev(cx, call);
    case Generic::Hessian: return build_hessian(cx, call);
    case Generic::Derivative: return build_derivative(cx, call);
    case Generic::Jvp: return build_jvp(cx, call);
    case Generic::Vjp: return build_vjp(cx, call, cache);
    case Generic::Checkpoint:
    case Generic::CustomVjp:
    case Generic::CustomJvp: return build_call_through(cx, call);
    case Generic::PrimFn: return build_prim_fn(cx, call);
    case Generic::GradSeed: return build_grad_seed(cx, call);
    case Generic::JacfwdLoop: return build_jacfwd_loop(cx, call);
    case Generic::JacrevBack: return build_jacrev_back(cx, call);
    case Generic::CustomJvpBack: return build_custom_jvp_back(cx, call);
  }
  internal_error("AD templates", "unknown generic code");
}

}  // namespace templates

Graph* Context::instantiate(const GenericCall& call) {
  using templates::build_base;
  using templates::special_first;
  std::string base = templates::base_key(call);
  std::string key = base;
  for (Mode m : call.stack) key += m == Mode::Forward ? "|T" : "|J";
  auto it = instances_.find(key);
  if (it != instances_.end()) return it->second;
  Graph* g = nullptr;
  size_t first = 0;
  if (!call.stack.empty()) {
    g = special_first(*this, call, call.stack[0]);
    if (g) first = 1;
  }
  if (!g) {
    auto b = instances_.find(base);
    g = b != instances_.end() ? b->second : build_base(*this, call, instances_);
    instances_[base] = g;
  }
  std::string partial = base;
  for (size_t i = 0; i < call.stack.size(); ++i) {
    partial += call.stack[i] == Mode::Forward ? "|T" : "|J";
    if (i >= first) g = transform(call.stack[i], g);
    instances_[partial] = g;
  }
  return g;
}

}  // namespace fx::ad
