// Jacobians (docs/ad.md §5): jacfwd runs one forward pass per direction of the selected
// inputs (each f64 leaf, each element of a float tensor leaf: one-hot tangents), jacrev one
// pullback per direction of the output. The result is laid out output-major, as JAX's
// out.shape + in.shape: the output's structure, each leaf replaced by the inputs' structure
// whose leaves are the partial derivatives — for an output leaf of shape O and an input leaf
// of shape I, a tensor of shape O + I (an f64 when both are f64s). The structure-dependent
// parts are the helper generic codes "jacfwd.assemble" and "jacrev.back", instantiated for
// the shapes (tensor extents included) of the values they receive, so the templates stay
// ordinary IR that outer transforms (hessian = jacfwd(jacrev(f))) differentiate.
#include "ad/leaves.hpp"
#include "ad/templates.hpp"
#include "support/diagnostics.hpp"

namespace fx::ad::templates {

using ir::Graph;
using ir::Node;
using ir::Prim;

namespace {

const std::string& dtype_of(const Shape& leaf) {
  static const std::string f64 = "f64";
  return leaf.kind == Shape::Kind::Tensor ? leaf.dtype : f64;
}

std::vector<int64_t> concat_dims(const Shape& out, const Shape& in) {
  std::vector<int64_t> d = out.dims;
  d.insert(d.end(), in.dims.begin(), in.dims.end());
  return d;
}

// jacfwd's entry for output leaf `out` and input leaf `in` from the output tangents of the
// input's directions (one per element of `in`, each of out's shape): O + I.
Node* forward_entry(Emitter& e, const Shape& out, const Shape& in, std::vector<Node*> parts) {
  if (in.kind == Shape::Kind::Float) return parts.at(0);
  std::vector<int64_t> dims = concat_dims(out, in);
  if (out.dims.empty() || parts.empty()) return stack_as(e, std::move(parts), dims, dtype_of(out));
  // Stacked: (n,) + O; output-major wants O + I: transpose as an (n, m) matrix.
  const auto n = static_cast<int64_t>(parts.size());
  const auto m = static_cast<int64_t>(out.elements());
  Node* rows = e.op(Prim::Reshape, {e.op(Prim::MakeTensor, std::move(parts)), dims_node(e, {n, m})});
  return e.op(Prim::Reshape, {e.op(Prim::Transpose, {rows}), dims_node(e, dims)});
}

// An output tangent's component for an output leaf: a tangent that is a plain 0.0 where the
// output is a tensor (a symbolic zero materialised without its shape) is read as y's shape.
Node* tangent_part(Emitter& e, Node* dy, const Shape& dy_shape, Node* y, const Shape& y_shape, const Path& p) {
  Node* part = component(e, dy, y_shape, p);
  const Shape& leaf = shape_at(y_shape, p);
  if (leaf.kind == Shape::Kind::Tensor && shape_at(dy_shape, p).kind == Shape::Kind::Float)
    return e.op(Prim::BroadcastLike, {part, component(e, y, y_shape, p)});
  return part;
}

}  // namespace

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
  std::vector<Node*> args{selected_inputs(t, call.argnums), nullptr};
  for (int64_t a : call.argnums.nums) {
    auto sel = static_cast<size_t>(a);
    for (const Unit& u : units(call.shapes[sel])) {
      std::vector<Node*> in{df};
      for (size_t k = 0; k < call.arity; ++k) {
        in.push_back(t.xs[k]);
        in.push_back(k == sel ? onehot(e, call.shapes[k], t.xs[k], u) : zero_of(k));
      }
      Node* r = e.call(tf, std::move(in));
      cx.note_arity(r, 2);
      if (!first) first = r;
      args.push_back(e.get(r, 1));
    }
  }
  args[1] = first ? e.get(first, 0, "y") : e.call(f, t.xs, "y");
  t.g->output = e.call(e.generic("jacfwd.assemble", {}), std::move(args));
  return t.g;
}

// (inputs, y, dy_0, ..., dy_{L-1}) → output-major Jacobian; dy_j is the output tangent of
// the inputs' j-th direction (units() order).
Graph* build_jacfwd_assemble(Context& cx, const GenericCall& call) {
  if (call.shapes.size() < 2) internal_error("AD templates", "jacfwd.assemble needs its inputs and output");
  const Shape& in = call.shapes[0];
  const Shape& out = call.shapes[1];
  if (call.shapes.size() - 2 != in.float_leaves())
    internal_error("AD templates", "jacfwd.assemble got a tangent count that differs from its inputs' directions");
  Template t(cx, template_name(call), call.arity);
  Emitter& e = t.e;
  Node* inputs = t.xs[0];
  Node* y = t.xs[1];
  t.g->output = build(e, out, [&](const Path& out_path, const Shape& out_leaf) -> Node* {
    if (!out_leaf.is_differentiable_leaf()) return e.zeros(inputs);  // rejected by types; no derivative
    size_t j = 0;  // the next direction
    return build(e, in, [&](const Path& in_path, const Shape& in_leaf) -> Node* {
      if (!in_leaf.is_differentiable_leaf())
        return zero_leaf(e, in_leaf, [&] { return component(e, inputs, in, in_path); });
      std::vector<Node*> parts;
      for (size_t k = 0; k < in_leaf.elements(); ++k, ++j)
        parts.push_back(tangent_part(e, t.xs[2 + j], call.shapes[2 + j], y, out, out_path));
      return forward_entry(e, out_leaf, in_leaf, std::move(parts));
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

// (y, pullback, inputs) → one pullback per direction of y, laid out as y.
Graph* build_jacrev_back(Context& cx, const GenericCall& call) {
  if (call.shapes.size() != 3) internal_error("AD templates", "jacrev.back needs (y, pullback, inputs)");
  const Shape& out = call.shapes[0];
  const Shape& in = call.shapes[2];
  Template t(cx, template_name(call), 3);
  Emitter& e = t.e;
  Node* y = t.xs[0];
  Node* inputs = t.xs[2];
  // The selected inputs' cotangents for the output's unit cotangent u.
  auto pull = [&](const Unit& u) -> Node* {
    Node* cts = e.call(t.xs[1], {onehot(e, out, y, u)}, "cts");
    if (!call.argnums.tuple) return e.get(cts, call.argnums.nums.at(0) + 1);
    std::vector<Node*> items;
    for (int64_t a : call.argnums.nums) items.push_back(e.get(cts, a + 1));
    return e.tuple(std::move(items));
  };
  t.g->output = build(e, out, [&](const Path& out_path, const Shape& out_leaf) -> Node* {
    if (!out_leaf.is_differentiable_leaf()) return e.zeros(inputs);  // rejected by types; no derivative
    if (out_leaf.kind == Shape::Kind::Float) return pull({out_path, 0});
    // A tensor output: one pullback per element; each input leaf's entries stacked to O + I.
    std::vector<Node*> rows;
    for (size_t k = 0; k < out_leaf.elements(); ++k) rows.push_back(pull({out_path, k}));
    return build(e, in, [&](const Path& in_path, const Shape& in_leaf) -> Node* {
      if (!in_leaf.is_differentiable_leaf())
        return zero_leaf(e, in_leaf, [&] { return component(e, inputs, in, in_path); });
      std::vector<Node*> parts;
      for (Node* row : rows) parts.push_back(component(e, row, in, in_path));
      return stack_as(e, std::move(parts), concat_dims(out_leaf, in_leaf), dtype_of(out_leaf));
    });
  });
  return t.g;
}

// (rule, x0..x{n-1}, ct) → (ct_x0, ..., ct_x{n-1}): reverse mode of custom_jvp(f, rule).
// The rule's y_dot is linear in the tangents, so its transpose is read off one rule call per
// direction of the inputs (a unit tangent there, zeros elsewhere): that direction's cotangent
// is <ct, y_dot>, summed over the output's f64 leaves and float tensor elements. A tensor
// input's cotangent stacks its elements' back into its shape; other leaves get zeros of their
// own type. Built on plain calls of the rule, so outer transforms apply.
Graph* build_custom_jvp_back(Context& cx, const GenericCall& call) {
  if (call.shapes.size() != call.arity || call.arity < 2)
    internal_error("AD templates", "custom_jvp.back needs (rule, inputs..., ct)");
  const size_t n = call.arity - 2;
  Template t(cx, template_name(call), call.arity);
  Emitter& e = t.e;
  Node* rule = t.xs[0];
  Node* ct = t.xs[n + 1];
  const Shape& ct_shape = call.shapes[n + 1];
  const std::vector<Path> out_paths = leaf_paths(ct_shape);
  std::vector<Node*> xs(t.xs.begin() + 1, t.xs.begin() + 1 + static_cast<std::ptrdiff_t>(n));
  Node* primals = e.tuple(xs, "primals");
  std::vector<Node*> zero(n, nullptr);
  auto zero_of = [&](size_t k) {
    if (!zero[k]) zero[k] = call.shapes[k + 1].kind == Shape::Kind::Float ? e.f64(0.0) : e.zeros(xs[k]);
    return zero[k];
  };
  // <ct, y_dot> for the unit tangent u of input i.
  auto transposed = [&](size_t i, const Unit& u) -> Node* {
    std::vector<Node*> tangents;
    for (size_t k = 0; k < n; ++k) tangents.push_back(k == i ? onehot(e, call.shapes[i + 1], xs[k], u) : zero_of(k));
    Node* r = e.call(rule, {primals, e.tuple(std::move(tangents))}, "r");
    cx.note_arity(r, 2);
    Node* ydot = e.get(r, 1, "y_dot");
    Node* sum = nullptr;
    for (const Path& q : out_paths) {
      Node* term = e.op(Prim::Mul, {component(e, ct, ct_shape, q), component(e, ydot, ct_shape, q)});
      if (shape_at(ct_shape, q).kind == Shape::Kind::Tensor) term = e.op(Prim::Sum, {term, e.cst(ir::NoneVal{}), e.cst(false)});
      sum = sum ? e.op(Prim::Add, {sum, term}) : term;
    }
    return sum ? sum : e.f64(0.0);
  };
  std::vector<Node*> cts;
  for (size_t i = 0; i < n; ++i) {
    const Shape& in = call.shapes[i + 1];
    cts.push_back(build(e, in, [&](const Path& in_path, const Shape& leaf) -> Node* {
      if (!leaf.is_differentiable_leaf()) return zero_leaf(e, leaf, [&] { return component(e, xs[i], in, in_path); });
      if (leaf.kind == Shape::Kind::Float) return transposed(i, {in_path, 0});
      std::vector<Node*> parts;
      for (size_t k = 0; k < leaf.elements(); ++k) parts.push_back(transposed(i, {in_path, k}));
      return stack_as(e, std::move(parts), leaf.dims, leaf.dtype);
    }));
  }
  t.g->output = e.tuple(std::move(cts));
  return t.g;
}

}  // namespace fx::ad::templates
