// Jacobians (docs/ad.md §4): jacfwd runs one forward pass per f64 leaf of the selected
// inputs, jacrev one pullback per f64 leaf of the output. The result is laid out output-major
// (JAX's out.shape + in.shape): the output's structure, each leaf replaced by the inputs'
// structure whose leaves are the partial derivatives. The structure-dependent parts are the
// helper generic codes "jacfwd.assemble" and "jacrev.back", instantiated for the shapes of
// the values they receive, so the templates stay ordinary IR.
#include <functional>

#include "ad/templates.hpp"
#include "support/diagnostics.hpp"

namespace fx::ad::templates {

using ir::Graph;
using ir::Node;
using ir::Prim;

namespace jacobian_impl {

using Path = std::vector<size_t>;
using Thunk = std::function<Node*()>;

void float_paths(const Shape& s, Path& cur, std::vector<Path>& out) {
  if (s.kind == Shape::Kind::Float) out.push_back(cur);
  if (!s.is_aggregate()) return;
  for (size_t i = 0; i < s.elems.size(); ++i) {
    cur.push_back(i);
    float_paths(s.elems[i], cur, out);
    cur.pop_back();
  }
}

std::vector<Path> float_paths(const Shape& s) {
  Path cur;
  std::vector<Path> out;
  float_paths(s, cur, out);
  return out;
}

// Component i of an aggregate value of shape s.
Node* child(Emitter& e, Node* v, const Shape& s, size_t i) {
  if (s.kind == Shape::Kind::Tuple) return e.get(v, static_cast<int64_t>(i));
  const auto& fields = s.kind == Shape::Kind::Struct ? s.struct_decl->fields : s.variant->fields;
  return e.op(Prim::GetAttr, {v, e.cst(fields.at(i).name)});
}

Node* component(Emitter& e, Node* v, const Shape& s, const Path& p) {
  const Shape* cur = &s;
  for (size_t i : p) {
    v = child(e, v, *cur, i);
    cur = &cur->elems.at(i);
  }
  return v;
}

Node* rebuild(Emitter& e, const Shape& s, std::vector<Node*> children) {
  if (s.kind == Shape::Kind::Tuple) return e.tuple(std::move(children));
  children.insert(children.begin(), s.kind == Shape::Kind::Struct ? e.cst(s.struct_decl) : e.cst(s.variant));
  return e.op(s.kind == Shape::Kind::Struct ? Prim::MakeStruct : Prim::MakeVariant, std::move(children));
}

// The zero of a leaf of shape s (the primal leaf is asked for only when needed).
Node* zero_leaf(Emitter& e, const Shape& s, const Thunk& primal) {
  switch (s.kind) {
    case Shape::Kind::Float: return e.f64(0.0);
    case Shape::Kind::Int: return e.i64(0);
    case Shape::Kind::Bool: return e.cst(false);
    case Shape::Kind::Str:
    case Shape::Kind::None:
    case Shape::Kind::Undef: return primal();  // their own zeros (zeros_like)
    case Shape::Kind::Function:
    case Shape::Kind::List:
    case Shape::Kind::Tuple:
    case Shape::Kind::Struct:
    case Shape::Kind::Variant: return e.zeros(primal());
  }
  return e.zeros(primal());
}

// A tangent of shape s: 1.0 at path `target`, zero elsewhere.
Node* onehot(Emitter& e, const Shape& s, const Thunk& primal, const Path& target, Path& cur) {
  if (cur == target) return e.f64(1.0);
  bool on_path = cur.size() < target.size() && std::equal(cur.begin(), cur.end(), target.begin());
  if (!s.is_aggregate() || !on_path) return zero_leaf(e, s, primal);
  std::vector<Node*> items;
  for (size_t i = 0; i < s.elems.size(); ++i) {
    cur.push_back(i);
    Thunk sub = [&e, &primal, &s, i] { return child(e, primal(), s, i); };
    items.push_back(onehot(e, s.elems[i], sub, target, cur));
    cur.pop_back();
  }
  return rebuild(e, s, std::move(items));
}

Node* onehot(Emitter& e, const Shape& s, Node* primal, const Path& target) {
  Path cur;
  return onehot(e, s, [primal] { return primal; }, target, cur);
}

// Builds a value of shape s whose leaves come from `leaf(path, leaf shape)`.
Node* build(Emitter& e, const Shape& s, Path& cur, const std::function<Node*(const Path&, const Shape&)>& leaf) {
  if (!s.is_aggregate()) return leaf(cur, s);
  std::vector<Node*> items;
  for (size_t i = 0; i < s.elems.size(); ++i) {
    cur.push_back(i);
    items.push_back(build(e, s.elems[i], cur, leaf));
    cur.pop_back();
  }
  return rebuild(e, s, std::move(items));
}

// The shape of the selected inputs (a tuple of them for a tuple of argnums).
Shape selected_shape(const GenericCall& call) {
  if (!call.argnums.tuple) return call.shapes.at(static_cast<size_t>(call.argnums.nums.at(0)));
  Shape s = Shape::leaf(Shape::Kind::Tuple);
  for (int64_t a : call.argnums.nums) s.elems.push_back(call.shapes.at(static_cast<size_t>(a)));
  return s;
}

}  // namespace jacobian_impl

using namespace jacobian_impl;

Graph* build_jacfwd(Context& cx, const GenericCall& call) {
  check_argnums(call, "jacfwd");
  Template t(cx, template_name(call), call.arity);
  Emitter& e = t.e;
  Node* f = t.fn();
  Node* tf = e.op(Prim::Tfn, {f}, "tf");
  Node* df = e.zeros(f);
  std::vector<Node*> zero(call.arity, nullptr);
  auto zero_of = [&](size_t k) {
    if (!zero[k]) zero[k] = call.shapes[k].kind == Shape::Kind::Float ? e.f64(0.0) : e.zeros(t.xs[k]);
    return zero[k];
  };
  Node* first = nullptr;
  std::vector<Node*> args{t.e.generic("jacfwd.assemble", {}), selected_inputs(t, call.argnums), nullptr};
  for (int64_t a : call.argnums.nums) {
    size_t sel = static_cast<size_t>(a);
    for (const Path& p : float_paths(call.shapes[sel])) {
      std::vector<Node*> in{df};
      for (size_t k = 0; k < call.arity; ++k) {
        in.push_back(t.xs[k]);
        in.push_back(k == sel ? onehot(e, call.shapes[k], t.xs[k], p) : zero_of(k));
      }
      Node* r = e.call(tf, std::move(in));
      cx.note_arity(r, 2);
      if (!first) first = r;
      args.push_back(e.get(r, 1));
    }
  }
  args[2] = first ? e.get(first, 0, "y") : e.call(f, t.xs, "y");
  Node* assemble = args[0];
  args.erase(args.begin());
  t.g->output = e.call(assemble, std::move(args));
  return t.g;
}

// (inputs, y, dy_0, ..., dy_{L-1}) → output-major Jacobian.
Graph* build_jacfwd_assemble(Context& cx, const GenericCall& call) {
  if (call.shapes.size() < 2) internal_error("AD templates", "jacfwd.assemble needs its inputs and output");
  const Shape& in = call.shapes[0];
  const Shape& out = call.shapes[1];
  if (call.shapes.size() - 2 != in.float_leaves())
    internal_error("AD templates", "jacfwd.assemble got a tangent count that differs from its inputs' leaves");
  Template t(cx, template_name(call), call.arity);
  Emitter& e = t.e;
  Path q;
  t.g->output = build(e, out, q, [&](const Path& out_path, const Shape&) {
    size_t j = 0;
    Path p;
    return build(e, in, p, [&](const Path& in_path, const Shape& leaf) -> Node* {
      if (leaf.kind == Shape::Kind::Float) return component(e, t.xs[2 + j++], out, out_path);
      return zero_leaf(e, leaf, [&] { return component(e, t.xs[0], in, in_path); });
    });
  });
  return t.g;
}

Graph* build_jacrev(Context& cx, const GenericCall& call) {
  check_argnums(call, "jacrev");
  Template t(cx, template_name(call), call.arity);
  Emitter& e = t.e;
  Node* r = e.call(e.op(Prim::Jfn, {t.fn()}), t.xs, "r");
  cx.note_arity(r, 2);
  Node* back = e.generic("jacrev.back", {argnums_node(e, call.argnums)});
  t.g->output = e.call(back, {e.get(r, 0, "y"), e.get(r, 1, "pullback"), selected_inputs(t, call.argnums)});
  return t.g;
}

// (y, pullback, inputs) → one pullback per f64 leaf of y, laid out as y.
Graph* build_jacrev_back(Context& cx, const GenericCall& call) {
  if (call.shapes.size() != 3) internal_error("AD templates", "jacrev.back needs (y, pullback, inputs)");
  const Shape& out = call.shapes[0];
  Template t(cx, template_name(call), 3);
  Emitter& e = t.e;
  Path q;
  t.g->output = build(e, out, q, [&](const Path& path, const Shape& leaf) -> Node* {
    if (leaf.kind != Shape::Kind::Float) return e.zeros(t.xs[2]);
    Node* cts = e.call(t.xs[1], {onehot(e, out, t.xs[0], path)});
    if (!call.argnums.tuple) return e.get(cts, call.argnums.nums.at(0) + 1);
    std::vector<Node*> items;
    for (int64_t a : call.argnums.nums) items.push_back(e.get(cts, a + 1));
    return e.tuple(std::move(items));
  });
  return t.g;
}

// (rule, x0..x{n-1}, ct) → (ct_x0, ..., ct_x{n-1}): reverse mode of custom_jvp(f, rule).
// The rule's y_dot is linear in the tangents, so its transpose is read off one rule call per
// f64 input leaf (a unit tangent there, zeros elsewhere): that leaf's cotangent is
// <ct, y_dot>, the sum over the output's f64 leaves of ct_leaf * y_dot_leaf. Other leaves
// get zeros of their own type. Built on plain calls of the rule, so outer transforms apply.
Graph* build_custom_jvp_back(Context& cx, const GenericCall& call) {
  if (call.shapes.size() != call.arity || call.arity < 2)
    internal_error("AD templates", "custom_jvp.back needs (rule, inputs..., ct)");
  const size_t n = call.arity - 2;
  Template t(cx, template_name(call), call.arity);
  Emitter& e = t.e;
  Node* rule = t.xs[0];
  Node* ct = t.xs[n + 1];
  const Shape& ct_shape = call.shapes[n + 1];
  const std::vector<Path> out_paths = float_paths(ct_shape);
  std::vector<Node*> xs(t.xs.begin() + 1, t.xs.begin() + 1 + static_cast<std::ptrdiff_t>(n));
  Node* primals = e.tuple(xs, "primals");
  std::vector<Node*> zero(n, nullptr);
  auto zero_of = [&](size_t k) {
    if (!zero[k]) zero[k] = call.shapes[k + 1].kind == Shape::Kind::Float ? e.f64(0.0) : e.zeros(xs[k]);
    return zero[k];
  };
  std::vector<Node*> cts;
  for (size_t i = 0; i < n; ++i) {
    const Shape& in = call.shapes[i + 1];
    std::vector<Path> in_paths = float_paths(in);
    size_t j = 0;
    Path p;
    cts.push_back(build(e, in, p, [&](const Path& in_path, const Shape& leaf) -> Node* {
      if (leaf.kind != Shape::Kind::Float) return zero_leaf(e, leaf, [&] { return component(e, xs[i], in, in_path); });
      std::vector<Node*> tangents;
      for (size_t k = 0; k < n; ++k) tangents.push_back(k == i ? onehot(e, in, xs[k], in_paths.at(j)) : zero_of(k));
      ++j;
      Node* r = e.call(rule, {primals, e.tuple(std::move(tangents))}, "r");
      cx.note_arity(r, 2);
      Node* ydot = e.get(r, 1, "y_dot");
      Node* sum = nullptr;
      for (const Path& q : out_paths) {
        Node* term = e.op(Prim::Mul, {component(e, ct, ct_shape, q), component(e, ydot, ct_shape, q)});
        sum = sum ? e.op(Prim::Add, {sum, term}) : term;
      }
      return sum ? sum : e.f64(0.0);
    }));
  }
  t.g->output = e.tuple(std::move(cts));
  return t.g;
}

}  // namespace fx::ad::templates
