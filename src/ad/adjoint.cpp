#include "ad/adjoint.hpp"

#include "ad/context.hpp"
#include "ad/emit.hpp"
#include "types/type.hpp"

namespace fx::ad {

using ir::Node;
using ir::Prim;

void Adjoint::add(Emitter& e, Node* ct) {
  if (!ct) return;
  dense = e.add(dense, ct);
}

Adjoint& Adjoint::part(const PartKey& k) {
  for (auto& [key, adj] : parts)
    if (key == k) return adj;
  parts.emplace_back(k, Adjoint{});
  return parts.back().second;
}

const Adjoint* Adjoint::find(const PartKey& k) const {
  for (const auto& [key, adj] : parts)
    if (key == k) return &adj;
  return nullptr;
}

void Adjoint::merge(Emitter& e, Adjoint&& other) {
  add(e, other.dense);
  for (auto& [key, adj] : other.parts) part(key).merge(e, std::move(adj));
}

Node* extract(Emitter& e, Node* dense, const PartKey& k) {
  switch (k.kind) {
    case PartKey::Kind::Index: return e.get(dense, k.index);
    case PartKey::Kind::Field: return e.op(Prim::GetAttr, {dense, e.cst(k.field)});
    case PartKey::Kind::ListTop: return e.op(Prim::ListTop, {dense});
    case PartKey::Kind::ListRest: return e.op(Prim::ListPop, {dense});
  }
  return nullptr;
}

namespace adjoint_impl {

const types::Type* elem_type(const types::Type* t, const PartKey& k) {
  if (!t || k.kind != PartKey::Kind::Index || t->kind != types::TypeKind::Tuple) return nullptr;
  if (k.index < 0 || static_cast<size_t>(k.index) >= t->elems.size()) return nullptr;
  return t->elems[static_cast<size_t>(k.index)];
}

int arity_of(const types::Type* t) {
  return t && t->kind == types::TypeKind::Tuple ? static_cast<int>(t->elems.size()) : -1;
}

Node* zeros_of_type(Emitter& e, const types::Type* t, const std::function<Node*()>& primal) {
  if (t && t->kind == types::TypeKind::F64) return e.f64(0.0);
  if (t && t->kind == types::TypeKind::I64) return e.i64(0);
  return e.zeros(primal());
}

// The value built from the components only (the dense part is added by the caller).
Node* build_from_parts(Emitter& e, const Adjoint& a, const std::function<Node*()>& primal, int arity,
                       const types::Type* type, const std::vector<const types::Type*>* elements) {
  // Primal of a component, computed once.
  auto component = [&](const PartKey& k) {
    return [&e, &primal, k, cache = static_cast<Node*>(nullptr)]() mutable {
      if (!cache) cache = extract(e, primal(), k);
      return cache;
    };
  };
  auto element = [&](const PartKey& k) -> const types::Type* {
    if (const types::Type* t = elem_type(type, k)) return t;
    if (elements && k.kind == PartKey::Kind::Index && k.index >= 0 && static_cast<size_t>(k.index) < elements->size())
      return (*elements)[static_cast<size_t>(k.index)];
    return nullptr;
  };
  auto sub = [&](const PartKey& k, const Adjoint& part) {
    const types::Type* t = element(k);
    return materialise(e, part, component(k), arity_of(t), t, nullptr);
  };
  const PartKey::Kind kind = a.parts.front().first.kind;
  if (kind == PartKey::Kind::ListTop || kind == PartKey::Kind::ListRest) {
    const Adjoint* top = a.find(PartKey::top());
    const Adjoint* rest = a.find(PartKey::rest());
    Node* t = top ? sub(PartKey::top(), *top) : nullptr;
    Node* r = rest ? sub(PartKey::rest(), *rest) : nullptr;
    if (!t) t = e.zeros(component(PartKey::top())());
    if (!r) r = e.zeros(component(PartKey::rest())());
    return e.op(Prim::ListPush, {r, t});
  }
  bool all_indices = true;
  int64_t max_index = -1;
  for (const auto& [k, part] : a.parts) {
    if (k.kind != PartKey::Kind::Index) all_indices = false;
    else max_index = std::max(max_index, k.index);
  }
  if (all_indices && arity >= 0 && max_index < arity) {
    // The tuple's size is known: build it whole.
    std::vector<Node*> elems;
    for (int64_t i = 0; i < arity; ++i) {
      const Adjoint* part = a.find(PartKey::at(i));
      Node* v = part ? sub(PartKey::at(i), *part) : nullptr;
      if (!v) v = zeros_of_type(e, element(PartKey::at(i)), component(PartKey::at(i)));
      elems.push_back(v);
    }
    return e.tuple(std::move(elems));
  }
  // Otherwise: zeros of the whole value, then each given component set in place of its zero
  // (set_attr on a field name, or on an element index for tuples).
  Node* z = e.zeros(primal());
  for (const auto& [k, part] : a.parts) {
    Node* v = sub(k, part);
    if (!v) continue;
    Node* key = k.kind == PartKey::Kind::Index ? e.i64(k.index) : e.cst(k.field);
    z = e.op(Prim::SetAttr, {z, key, v});
  }
  return z;
}

}  // namespace adjoint_impl

Node* materialise(Emitter& e, const Adjoint& a, const std::function<Node*()>& primal, int arity,
                  const types::Type* type, const std::vector<const types::Type*>* elements) {
  if (a.parts.empty()) return a.dense;
  Node* built = adjoint_impl::build_from_parts(e, a, primal, arity, type, elements);
  return e.add(a.dense, built);
}

}  // namespace fx::ad
