// Jacobians (docs/ad.md §5): jacfwd pushes forward one direction of the selected inputs at a
// time (each f64 leaf, each element of a float tensor leaf: one-hot tangents), jacrev pulls
// back one direction of the output at a time. The result is laid out output-major, as JAX's
// out.shape + in.shape: the output's structure, each leaf replaced by the inputs' structure
// whose leaves are the partial derivatives — for an output leaf of shape O and an input leaf
// of shape I, a tensor of shape O + I (an f64 when both are f64s).
//
// The directions of a tensor leaf are a counted loop over its elements that appends each
// pass's result as a row, so the IR depends on the structure of the values (tuples, structs,
// dtypes and ranks) but not on tensor extents: jacrev(f) of a vector of length 3 and of
// length 300 is the same graph (tests/unit/ad_jacobian_test.cpp). The structure-dependent
// parts are the helper generic codes "jacfwd.loop" and "jacrev.back", instantiated for the
// structure of the values they receive; everything is ordinary IR that outer transforms
// (hessian = jacfwd(jacrev(f))) differentiate, loops included.
#include <functional>
#include <map>
#include <tuple>

#include "ad/leaves.hpp"
#include "ad/templates.hpp"
#include "support/diagnostics.hpp"

namespace fx::ad::templates {

using ir::Graph;
using ir::Node;
using ir::Prim;

namespace {

size_t rank_of(const Shape& s) { return s.kind == Shape::Kind::Tensor ? s.dims.size() : 0; }

Node* shape_of(Emitter& e, Node* x) { return e.op(Prim::GetAttr, {x, e.cst(std::string("shape"))}); }

// The number of elements of x (a tensor of rank `rank`, or a scalar) at run time.
Node* numel(Emitter& e, Node* x, size_t rank) {
  if (rank == 0) return e.i64(1);
  Node* shape = shape_of(e, x);
  Node* n = e.get(shape, 0);
  for (size_t i = 1; i < rank; ++i) n = e.op(Prim::Mul, {n, e.get(shape, static_cast<int64_t>(i))});
  return n;
}

// a.shape + b.shape at run time, for ranks known here (a scalar contributes nothing).
Node* joined_shape(Emitter& e, Node* a, size_t rank_a, Node* b, size_t rank_b) {
  std::vector<Node*> dims;
  for (auto [x, rank] : {std::pair{a, rank_a}, std::pair{b, rank_b}}) {
    if (rank == 0) continue;
    Node* shape = shape_of(e, x);
    for (size_t i = 0; i < rank; ++i) dims.push_back(e.get(shape, static_cast<int64_t>(i)));
  }
  return e.tuple(std::move(dims));
}

// The direction k (a run-time i64) of the tensor leaf `x` of shape s: 1 at flat element k.
Node* basis_at(Emitter& e, const Shape& s, Node* x, Node* k) {
  Node* v = e.op(Prim::OneHot, {k, numel(e, x, rank_of(s))});
  v = e.op(Prim::Reshape, {v, shape_of(e, x)});
  return s.dtype == "f64" ? v : e.op(Prim::AsType, {v, e.cst(s.dtype)});
}

// Inside a loop body: the values it reads (copies of the outer nodes, from its env).
using Step = std::function<std::vector<Node*>(Emitter& body, Node* k, const std::vector<Node*>& captured)>;

// for k in range(n): each accumulator gets the row step(k) gives it (rows_append). A counted
// while loop over the state (k, acc...), whose condition and body are closed graphs built here and
// closed over `n` and `captured`. Returns the accumulators: rows × the rows' shape.
std::vector<Node*> row_loop(Context& cx, Emitter& e, const std::string& name, Node* n, std::vector<Node*> captured,
                            size_t rows, const Step& step) {
  ir::Module& m = cx.module();
  Graph* cond = cx.new_graph(name + ".cond", ir::GraphRole::LoopCond, {});
  {
    Emitter c(cx, cond);
    Node* env = m.add_param(cond, "$env", {});
    Node* s = m.add_param(cond, "$s", {});
    cx.note_arity(env, 1);
    cx.note_arity(s, static_cast<int>(rows + 1));
    cond->output = c.op(Prim::Lt, {c.get(s, 0, "k"), c.get(env, 0, "n")});
  }
  Graph* body = cx.new_graph(name + ".body", ir::GraphRole::LoopBody, {});
  {
    Emitter b(cx, body);
    Node* env = m.add_param(body, "$env", {});
    Node* s = m.add_param(body, "$s", {});
    cx.note_arity(env, static_cast<int>(captured.size()));
    cx.note_arity(s, static_cast<int>(rows + 1));
    std::vector<Node*> inside;
    for (size_t i = 0; i < captured.size(); ++i) inside.push_back(b.get(env, static_cast<int64_t>(i)));
    Node* k = b.get(s, 0, "k");
    std::vector<Node*> new_rows = step(b, k, inside);
    if (new_rows.size() != rows) internal_error("AD templates", "a Jacobian loop step gave the wrong number of rows");
    std::vector<Node*> next{b.op(Prim::Add, {k, b.i64(1)})};
    for (size_t j = 0; j < rows; ++j)
      next.push_back(b.op(Prim::RowsAppend, {b.get(s, static_cast<int64_t>(j + 1)), new_rows[j]}));
    body->output = b.tuple(std::move(next));
  }
  std::vector<Node*> init{e.i64(0)};
  for (size_t j = 0; j < rows; ++j) init.push_back(e.op(Prim::RowsEmpty, {}));
  // A counted loop (ops.def): its trip count, max(n, 0), known at entry, so that reverse mode
  // over it (a hessian's jacfwd of jacrev) lays its tape out once (docs/ad.md §4).
  Node* trips = e.op(Prim::Maximum, {n, e.i64(0)}, "trips");
  Node* r = e.op(Prim::While,
                 {e.closure(cond, {n}), e.closure(body, std::move(captured)), e.tuple(std::move(init)), trips}, name);
  cx.note_arity(r, static_cast<int>(rows + 1));
  std::vector<Node*> accs;
  for (size_t j = 0; j < rows; ++j) accs.push_back(e.get(r, static_cast<int64_t>(j + 1)));
  return accs;
}

// The selected inputs (argnums) as one structure: x_a, or a tuple of them.
Shape selected_shape(const std::vector<Shape>& xs, const Argnums& a) {
  if (!a.tuple) return xs.at(static_cast<size_t>(a.nums.at(0)));
  Shape s = Shape::leaf(Shape::Kind::Tuple);
  for (int64_t n : a.nums) s.elems.push_back(xs.at(static_cast<size_t>(n)));
  return s;
}

// An input leaf: which entry of argnums it is in, and its path inside that argument.
struct InputLeaf {
  size_t slot;
  Path path;
  bool operator<(const InputLeaf& o) const { return std::tie(slot, path) < std::tie(o.slot, o.path); }
};

InputLeaf input_leaf(const Argnums& a, const Path& in_path) {
  if (!a.tuple) return {0, in_path};
  return {in_path.at(0), Path(in_path.begin() + 1, in_path.end())};
}

// Component p of an output tangent, read as y's leaf shape: a tangent that is a plain 0.0
// where the output is a tensor (a symbolic zero materialised without its shape) becomes
// zeros of that shape (broadcast_like is the identity on equal shapes).
Node* tangent_part(Emitter& e, Node* dy, Node* y, const Shape& y_shape, const Path& p) {
  Node* part = component(e, dy, y_shape, p);
  if (shape_at(y_shape, p).kind != Shape::Kind::Tensor) return part;
  return e.op(Prim::BroadcastLike, {part, component(e, y, y_shape, p)});
}

}  // namespace

// jacfwd(f, argnums)(x...): the f64 leaves' passes here (the first also gives y), the tensor
// leaves' loops in "jacfwd.loop", instantiated for the structure of inputs and output.
Graph* build_jacfwd(Context& cx, const GenericCall& call) {
  check_argnums(call, "jacfwd");
  Template t(cx, template_name(call), call.arity);
  Emitter& e = t.e;
  Node* f = t.fn();
  Node* tf = e.op(Prim::Tfn, {f}, "tf");
  Node* df = e.zeros(f);
  Node* y = nullptr;
  std::vector<Node*> dys;
  for (int64_t a : call.argnums.nums) {
    auto sel = static_cast<size_t>(a);
    for (const Path& p : leaf_paths(call.shapes[sel])) {
      if (shape_at(call.shapes[sel], p).kind != Shape::Kind::Float) continue;
      std::vector<Node*> in{df};
      for (size_t k = 0; k < call.arity; ++k) {
        in.push_back(t.xs[k]);
        in.push_back(k == sel ? with_leaf(e, call.shapes[k], t.xs[k], p, e.f64(1.0))
                              : zero_leaf(e, call.shapes[k], [&] { return t.xs[k]; }));
      }
      Node* r = e.call(tf, std::move(in));
      cx.note_arity(r, 2);
      if (!y) y = e.get(r, 0, "y");
      dys.push_back(e.get(r, 1));
    }
  }
  if (!y) y = e.call(f, t.xs, "y");
  std::vector<Node*> args{tf, df};
  args.insert(args.end(), t.xs.begin(), t.xs.end());
  args.push_back(y);
  args.push_back(e.tuple(std::move(dys)));
  t.g->output = e.call(e.generic("jacfwd.loop", {argnums_node(e, call.argnums)}), std::move(args));
  return t.g;
}

// (tf, df, x0..x{n-1}, y, dys) → output-major Jacobian; dys holds the output tangents of the
// selected f64 leaves (in argnums and leaf order); each selected tensor leaf loops here.
Graph* build_jacfwd_loop(Context& cx, const GenericCall& call) {
  if (call.shapes.size() < 4) internal_error("AD templates", "jacfwd.loop needs (tf, df, inputs..., y, dys)");
  const size_t n = call.shapes.size() - 4;
  const std::vector<Shape> x_shapes(call.shapes.begin() + 2, call.shapes.begin() + 2 + static_cast<std::ptrdiff_t>(n));
  const Shape& out = call.shapes[2 + n];
  const Shape in = selected_shape(x_shapes, call.argnums);
  const std::vector<Path> out_paths = leaf_paths(out);
  Template t(cx, template_name(call), call.arity);
  Emitter& e = t.e;
  Node* tf = t.xs[0];
  Node* df = t.xs[1];
  const std::vector<Node*> xs(t.xs.begin() + 2, t.xs.begin() + 2 + static_cast<std::ptrdiff_t>(n));
  Node* y = t.xs[2 + n];
  Node* dys = t.xs[3 + n];
  std::vector<Node*> sel_nodes;
  for (int64_t a : call.argnums.nums) sel_nodes.push_back(xs.at(static_cast<size_t>(a)));
  Node* inputs = call.argnums.tuple ? e.tuple(sel_nodes) : sel_nodes.at(0);

  // For each selected leaf, the output tangent's leaves: one pass (an f64 leaf) or the rows of
  // its loop (a tensor leaf, one row per element).
  std::map<InputLeaf, std::vector<Node*>> parts;
  int64_t next_dy = 0;
  for (size_t slot = 0; slot < call.argnums.nums.size(); ++slot) {
    const auto a = static_cast<size_t>(call.argnums.nums[slot]);
    for (const Path& q : leaf_paths(x_shapes[a])) {
      const Shape& leaf = shape_at(x_shapes[a], q);
      std::vector<Node*>& out_parts = parts[{slot, q}];
      if (leaf.kind == Shape::Kind::Float) {
        Node* dy = e.get(dys, next_dy++);
        for (const Path& p : out_paths) out_parts.push_back(tangent_part(e, dy, y, out, p));
        continue;
      }
      std::vector<Node*> captured{tf, df, y};
      captured.insert(captured.end(), xs.begin(), xs.end());
      Node* count = numel(e, component(e, xs[a], x_shapes[a], q), rank_of(leaf));
      out_parts = row_loop(cx, e, "jacfwd.directions", count, std::move(captured), out_paths.size(),
                           [&](Emitter& b, Node* k, const std::vector<Node*>& c) {
                             const std::vector<Node*> bx(c.begin() + 3, c.end());
                             std::vector<Node*> args{c[1]};
                             for (size_t i = 0; i < n; ++i) {
                               args.push_back(bx[i]);
                               if (i == a) {
                                 Node* hot = basis_at(b, leaf, component(b, bx[i], x_shapes[i], q), k);
                                 args.push_back(with_leaf(b, x_shapes[i], bx[i], q, hot));
                               } else {
                                 args.push_back(zero_leaf(b, x_shapes[i], [&] { return bx[i]; }));
                               }
                             }
                             Node* r = b.call(c[0], std::move(args));
                             cx.note_arity(r, 2);
                             Node* dy = b.get(r, 1, "dy");
                             std::vector<Node*> rows;
                             for (const Path& p : out_paths) rows.push_back(tangent_part(b, dy, c[2], out, p));
                             return rows;
                           });
    }
  }

  size_t out_index = 0;
  t.g->output = build(e, out, [&](const Path& out_path, const Shape& out_leaf) -> Node* {
    if (!out_leaf.is_differentiable_leaf()) return e.zeros(inputs);  // rejected by types; no derivative
    const size_t j = out_index++;
    Node* y_leaf = component(e, y, out, out_path);
    return build(e, in, [&](const Path& in_path, const Shape& in_leaf) -> Node* {
      if (!in_leaf.is_differentiable_leaf())
        return zero_leaf(e, in_leaf, [&] { return component(e, inputs, in, in_path); });
      Node* part = parts.at(input_leaf(call.argnums, in_path)).at(j);
      if (in_leaf.kind == Shape::Kind::Float) return part;  // O + () = O
      // Rows (count,) + O: output-major wants O + I, the transpose of (count, |O|).
      Node* x_leaf = component(e, inputs, in, in_path);
      if (rank_of(out_leaf) == 0) return e.op(Prim::Reshape, {part, shape_of(e, x_leaf)});
      Node* count = numel(e, x_leaf, rank_of(in_leaf));
      Node* matrix = e.op(Prim::Reshape, {part, e.tuple({count, numel(e, y_leaf, rank_of(out_leaf))})});
      return e.op(Prim::Reshape, {e.op(Prim::Transpose, {matrix}),
                                  joined_shape(e, y_leaf, rank_of(out_leaf), x_leaf, rank_of(in_leaf))});
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

// (y, pullback, inputs) → one pullback per direction of y (a loop over each tensor leaf's
// elements), laid out as y.
Graph* build_jacrev_back(Context& cx, const GenericCall& call) {
  if (call.shapes.size() != 3) internal_error("AD templates", "jacrev.back needs (y, pullback, inputs)");
  const Shape& out = call.shapes[0];
  const Shape& in = call.shapes[2];
  const std::vector<Path> in_paths = leaf_paths(in);
  Template t(cx, template_name(call), 3);
  Emitter& e = t.e;
  Node* y = t.xs[0];
  Node* inputs = t.xs[2];
  // The selected inputs' cotangents for the output cotangent ct.
  auto pull = [&](Emitter& b, Node* pullback, Node* ct) -> Node* {
    Node* cts = b.call(pullback, {ct}, "cts");
    if (!call.argnums.tuple) return b.get(cts, call.argnums.nums.at(0) + 1);
    std::vector<Node*> items;
    for (int64_t a : call.argnums.nums) items.push_back(b.get(cts, a + 1));
    return b.tuple(std::move(items));
  };
  t.g->output = build(e, out, [&](const Path& out_path, const Shape& out_leaf) -> Node* {
    if (!out_leaf.is_differentiable_leaf()) return e.zeros(inputs);  // rejected by types; no derivative
    if (out_leaf.kind == Shape::Kind::Float) return pull(e, t.xs[1], with_leaf(e, out, y, out_path, e.f64(1.0)));
    // A tensor output leaf: one pullback per element; each input leaf's cotangents are the
    // rows (|O|,) + I, read as O + I.
    Node* y_leaf = component(e, y, out, out_path);
    Node* count = numel(e, y_leaf, rank_of(out_leaf));
    std::vector<Node*> rows = row_loop(
        cx, e, "jacrev.directions", count, {t.xs[1], y, inputs}, in_paths.size(),
        [&](Emitter& b, Node* k, const std::vector<Node*>& c) {
          Node* hot = basis_at(b, out_leaf, component(b, c[1], out, out_path), k);
          Node* sel = pull(b, c[0], with_leaf(b, out, c[1], out_path, hot));
          std::vector<Node*> leaves;
          for (const Path& q : in_paths) leaves.push_back(component(b, sel, in, q));
          return leaves;
        });
    size_t next = 0;
    return build(e, in, [&](const Path& in_path, const Shape& in_leaf) -> Node* {
      if (!in_leaf.is_differentiable_leaf())
        return zero_leaf(e, in_leaf, [&] { return component(e, inputs, in, in_path); });
      Node* x_leaf = component(e, inputs, in, in_path);
      return e.op(Prim::Reshape, {rows.at(next++), joined_shape(e, y_leaf, rank_of(out_leaf), x_leaf, rank_of(in_leaf))});
    });
  });
  return t.g;
}

// (rule, x0..x{n-1}, ct) → (ct_x0, ..., ct_x{n-1}): reverse mode of custom_jvp(f, rule).
// The rule's y_dot is linear in the tangents, so its transpose is read off one rule call per
// direction of the inputs (a unit tangent there, zeros elsewhere): that direction's cotangent
// is <ct, y_dot>, summed over the output's f64 leaves and float tensor elements. A tensor
// input leaf's directions are a counted loop over its elements (row_loop), whose rows are
// read back in its shape, so the template does not depend on tensor extents; other leaves
// get zeros of their own type. Built on plain calls of the rule, so outer transforms apply.
Graph* build_custom_jvp_back(Context& cx, const GenericCall& call) {
  if (call.shapes.size() != call.arity || call.arity < 2)
    internal_error("AD templates", "custom_jvp.back needs (rule, inputs..., ct)");
  const size_t n = call.arity - 2;
  Template t(cx, template_name(call), call.arity);
  Emitter& e = t.e;
  const Shape& ct_shape = call.shapes[n + 1];
  const std::vector<Path> out_paths = leaf_paths(ct_shape);
  // <ct, y_dot> in emitter b for the tangents `hot_of(k)` gives input k (null: zeros); `vals`
  // holds (rule, x0..x{n-1}, ct) as b sees them.
  auto transposed = [&](Emitter& b, const std::vector<Node*>& vals, const std::function<Node*(size_t)>& hot_of) {
    const std::vector<Node*> xs(vals.begin() + 1, vals.begin() + 1 + static_cast<std::ptrdiff_t>(n));
    Node* ct = vals[n + 1];
    std::vector<Node*> tangents;
    for (size_t k = 0; k < n; ++k) {
      Node* hot = hot_of(k);
      if (!hot) hot = call.shapes[k + 1].kind == Shape::Kind::Float ? b.f64(0.0) : b.zeros(xs[k]);
      tangents.push_back(hot);
    }
    Node* r = b.call(vals[0], {b.tuple(xs, "primals"), b.tuple(std::move(tangents))}, "r");
    cx.note_arity(r, 2);
    Node* ydot = b.get(r, 1, "y_dot");
    Node* sum = nullptr;
    for (const Path& q : out_paths) {
      Node* term = b.op(Prim::Mul, {component(b, ct, ct_shape, q), component(b, ydot, ct_shape, q)});
      if (shape_at(ct_shape, q).kind == Shape::Kind::Tensor) term = b.op(Prim::Sum, {term, b.cst(ir::NoneVal{}), b.cst(false)});
      sum = sum ? b.op(Prim::Add, {sum, term}) : term;
    }
    return sum ? sum : b.f64(0.0);
  };
  std::vector<Node*> cts;
  for (size_t i = 0; i < n; ++i) {
    const Shape& in = call.shapes[i + 1];
    Node* x = t.xs[i + 1];
    cts.push_back(build(e, in, [&](const Path& in_path, const Shape& leaf) -> Node* {
      if (!leaf.is_differentiable_leaf()) return zero_leaf(e, leaf, [&] { return component(e, x, in, in_path); });
      if (leaf.kind == Shape::Kind::Float)
        return transposed(e, t.xs, [&](size_t k) { return k == i ? onehot(e, in, x, {in_path, 0}) : nullptr; });
      Node* x_leaf = component(e, x, in, in_path);
      Node* rows = row_loop(cx, e, "custom_jvp.directions", numel(e, x_leaf, rank_of(leaf)), t.xs, 1,
                            [&](Emitter& b, Node* k, const std::vector<Node*>& c) -> std::vector<Node*> {
                              Node* bx = c[i + 1];
                              Node* hot = basis_at(b, leaf, component(b, bx, in, in_path), k);
                              return {transposed(b, c, [&](size_t j) { return j == i ? with_leaf(b, in, bx, in_path, hot) : nullptr; })};
                            })[0];
      return e.op(Prim::Reshape, {rows, shape_of(e, x_leaf)});
    }));
  }
  t.g->output = e.tuple(std::move(cts));
  return t.g;
}

}  // namespace fx::ad::templates
