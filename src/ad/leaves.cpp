// Directions of structured values (leaves.hpp): paths, one-hot tangents and builders.
#include "ad/leaves.hpp"

#include <algorithm>

#include "ad/context.hpp"

namespace fx::ad::templates {

using ir::Node;
using ir::Prim;

namespace {

void collect_paths(const Shape& s, Path& cur, std::vector<Path>& out) {
  if (s.is_differentiable_leaf()) out.push_back(cur);
  if (!s.is_aggregate()) return;
  for (size_t i = 0; i < s.elems.size(); ++i) {
    cur.push_back(i);
    collect_paths(s.elems[i], cur, out);
    cur.pop_back();
  }
}

// Component i of an aggregate value of shape s.
Node* child(Emitter& e, Node* v, const Shape& s, size_t i) {
  if (s.kind == Shape::Kind::Tuple) return e.get(v, static_cast<int64_t>(i));
  const auto& fields = s.kind == Shape::Kind::Struct ? s.struct_decl->fields : s.variant->fields;
  return e.op(Prim::GetAttr, {v, e.cst(fields.at(i).name)});
}

Node* rebuild(Emitter& e, const Shape& s, std::vector<Node*> children) {
  if (s.kind == Shape::Kind::Tuple) return e.tuple(std::move(children));
  children.insert(children.begin(), s.kind == Shape::Kind::Struct ? e.cst(s.struct_decl) : e.cst(s.variant));
  return e.op(s.kind == Shape::Kind::Struct ? Prim::MakeStruct : Prim::MakeVariant, std::move(children));
}

// A tensor of leaf's extents and dtype, 1 at flat element k and 0 elsewhere.
Node* basis(Emitter& e, const Shape& leaf, size_t k) {
  Node* v = e.op(Prim::OneHot, {e.i64(static_cast<int64_t>(k)), e.i64(static_cast<int64_t>(leaf.elements()))});
  v = e.op(Prim::Reshape, {v, dims_node(e, leaf.dims)});
  return leaf.dtype == "f64" ? v : e.op(Prim::AsType, {v, e.cst(leaf.dtype)});
}

// Zero of shape s except at path p, whose leaf is hot(leaf shape).
Node* with_leaf(Emitter& e, const Shape& s, const Thunk& primal, const Path& p,
                const std::function<Node*(const Shape&)>& hot, Path& cur) {
  if (cur == p) return hot(s);
  bool on_path = cur.size() < p.size() && std::equal(cur.begin(), cur.end(), p.begin());
  if (!s.is_aggregate() || !on_path) return zero_leaf(e, s, primal);
  std::vector<Node*> items;
  for (size_t i = 0; i < s.elems.size(); ++i) {
    cur.push_back(i);
    Thunk sub = [&e, &primal, &s, i] { return child(e, primal(), s, i); };
    items.push_back(with_leaf(e, s.elems[i], sub, p, hot, cur));
    cur.pop_back();
  }
  return rebuild(e, s, std::move(items));
}

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

}  // namespace

std::vector<Path> leaf_paths(const Shape& s) {
  Path cur;
  std::vector<Path> out;
  collect_paths(s, cur, out);
  return out;
}

std::vector<Unit> units(const Shape& s) {
  std::vector<Unit> out;
  for (Path& p : leaf_paths(s)) {
    size_t n = shape_at(s, p).elements();
    for (size_t k = 0; k < n; ++k) out.push_back({p, k});
  }
  return out;
}

const Shape& shape_at(const Shape& s, const Path& p) {
  const Shape* cur = &s;
  for (size_t i : p) cur = &cur->elems.at(i);
  return *cur;
}

Node* component(Emitter& e, Node* v, const Shape& s, const Path& p) {
  const Shape* cur = &s;
  for (size_t i : p) {
    v = child(e, v, *cur, i);
    cur = &cur->elems.at(i);
  }
  return v;
}

Node* zero_leaf(Emitter& e, const Shape& s, const Thunk& primal) {
  switch (s.kind) {
    case Shape::Kind::Float: return e.f64(0.0);
    case Shape::Kind::Int: return e.i64(0);
    case Shape::Kind::Bool: return e.cst(false);
    case Shape::Kind::Str:
    case Shape::Kind::None:
    case Shape::Kind::Undef: return primal();  // their own zeros (zeros_like)
    case Shape::Kind::Tensor:
    case Shape::Kind::Function:
    case Shape::Kind::List:
    case Shape::Kind::Tuple:
    case Shape::Kind::Struct:
    case Shape::Kind::Variant: return e.zeros(primal());
  }
  return e.zeros(primal());
}

Node* onehot(Emitter& e, const Shape& s, Node* primal, const Unit& u) {
  Path cur;
  auto hot = [&](const Shape& leaf) { return leaf.kind == Shape::Kind::Tensor ? basis(e, leaf, u.elem) : e.f64(1.0); };
  return with_leaf(e, s, [primal] { return primal; }, u.path, hot, cur);
}

Node* with_leaf(Emitter& e, const Shape& s, Node* primal, const Path& p, Node* hot) {
  Path cur;
  return with_leaf(e, s, [primal] { return primal; }, p, [hot](const Shape&) { return hot; }, cur);
}

Node* build(Emitter& e, const Shape& s, const std::function<Node*(const Path&, const Shape&)>& leaf) {
  Path cur;
  return build(e, s, cur, leaf);
}

Node* dims_node(Emitter& e, const std::vector<int64_t>& dims) {
  std::vector<Node*> items;
  for (int64_t d : dims) items.push_back(e.i64(d));
  return e.tuple(std::move(items));
}

Node* zeros_tensor(Emitter& e, const std::vector<int64_t>& dims, const std::string& dtype) {
  Node* z = e.op(Prim::Zeros, {dims_node(e, dims)});
  return dtype == "f64" ? z : e.op(Prim::AsType, {z, e.cst(dtype)});
}

}  // namespace fx::ad::templates
