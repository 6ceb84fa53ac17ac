// Structure family: tuples, structs, variants. Tangents and cotangents have the value's
// structure (a struct's cotangent is a struct of the same type); reading a component gives
// a cotangent to that component only (adjoint.hpp keeps it symbolic).
#include <variant>

#include "ad/context.hpp"
#include "ad/rule_context.hpp"
#include "ad/rules/rules.hpp"
#include "ad/typeinfo.hpp"

namespace fx::ad {

using ir::Node;
using ir::Prim;

namespace structure_rules {

// The component a constant key names: a field name, or a tuple index (made non-negative
// when the tuple's size is known). False when the key is not a usable constant.
bool component_key(Context& cx, const Node* tuple, const Node* key, PartKey* out) {
  if (!key->is_constant()) return false;
  if (const auto* name = std::get_if<std::string>(&key->value)) {
    *out = PartKey::named(*name);
    return true;
  }
  if (const auto* index = std::get_if<int64_t>(&key->value)) {
    int64_t i = *index;
    if (i < 0) {
      int arity = cx.tuple_arity(tuple);
      if (arity < 0) return false;
      i += arity;
    }
    *out = PartKey::at(i);
    return true;
  }
  return false;
}

// Aggregate constructors: make_tuple(x...), make_struct(S, x...), make_variant(V, x...).
// `first` is the index of the first field argument.
template <size_t First>
void jvp_construct(JvpCtx& c) {
  Node* y = c.primal();
  std::vector<Node*> inputs{y->callee()};
  for (size_t i = 0; i < First; ++i) inputs.push_back(c.in(i));
  for (size_t i = First; i < c.num_args(); ++i) inputs.push_back(c.tan_or_zero(i));
  Node* t = c.cx.module().apply(c.e.g, std::move(inputs), c.e.loc);
  c.set(y, t);
}

void vjp_make_tuple(VjpBackwardCtx& c) {
  for (size_t i = 0; i < c.node->num_args(); ++i)
    if (c.active(i)) c.give(i, c.ct_part(PartKey::at(static_cast<int64_t>(i))));
}

const std::vector<ir::FieldInfo>& fields_of(const Node* decl) {
  if (const auto* s = std::get_if<const ir::StructDecl*>(&decl->value)) return (*s)->fields;
  return std::get<const ir::VariantDecl*>(decl->value)->fields;
}

void vjp_make_record(VjpBackwardCtx& c) {
  const auto& fields = fields_of(c.node->arg(0));
  for (size_t i = 0; i + 1 < c.node->num_args() && i < fields.size(); ++i)
    if (c.active(i + 1)) c.give(i + 1, c.ct_part(PartKey::named(fields[i].name)));
}

// Tensor attributes (get_attr on a tensor, or on an untyped value by these names): x.T is
// the transpose, whose cotangent is transposed back; x.shape and x.ndim are integers.
enum class TensorAttr { None, Transpose, Integer };
TensorAttr tensor_attr(const Node* n) {
  if (!n->is_prim_apply(Prim::GetAttr) || typed_struct(n->arg(0))) return TensorAttr::None;
  const Node* key = n->arg(1);
  const auto* name = key->is_constant() ? std::get_if<std::string>(&key->value) : nullptr;
  if (!name) return TensorAttr::None;
  if (*name == "T") return TensorAttr::Transpose;
  if (*name == "shape" || *name == "ndim") return TensorAttr::Integer;
  return TensorAttr::None;
}

// tuple_get(t, i), get_attr(x, "f"): the tangent's component; the cotangent goes to it.
void jvp_component(JvpCtx& c) {
  Node* y = c.primal();
  if (tensor_attr(c.node) == TensorAttr::Integer) return c.set(y, nullptr);
  Node* t = c.tan(0);
  c.set(y, c.cx.module().apply_prim(c.e.g, c.node->is_prim_apply(Prim::TupleGet) ? Prim::TupleGet : Prim::GetAttr,
                                    {t, c.in(1)}, c.e.loc));
}
void vjp_component(VjpBackwardCtx& c) {
  PartKey k;
  switch (tensor_attr(c.node)) {
    case TensorAttr::Transpose:
      if (c.active(0)) c.give(0, c.e.op(Prim::Transpose, {c.ct()}));
      return;
    case TensorAttr::Integer: return;  // no derivative
    case TensorAttr::None: break;
  }
  if (component_key(c.cx, c.node->arg(0), c.node->arg(1), &k)) {
    c.give_part(0, k, c.ct());
  } else if (c.active(0)) {  // a computed key: set it in zeros of the whole value
    c.give(0, c.e.op(Prim::SetAttr, {c.e.zeros(c.in(0)), c.in(1), c.ct()}));
  }
}

// set_attr(x, key, v): a copy of x with one component replaced.
void jvp_set_attr(JvpCtx& c) {
  Node* y = c.primal();
  c.set(y, c.e.op(Prim::SetAttr, {c.tan_or_zero(0), c.in(1), c.tan_or_zero(2)}));
}
void vjp_set_attr(VjpBackwardCtx& c) {
  if (c.active(0)) c.give(0, c.e.op(Prim::SetAttr, {c.ct(), c.in(1), c.e.zeros(c.in(2))}));
  if (!c.active(2)) return;
  PartKey k;
  if (component_key(c.cx, c.node, c.node->arg(1), &k)) {
    c.give(2, c.ct_part(k));
  } else {
    c.give(2, c.e.op(Prim::GetAttr, {c.ct(), c.in(1)}));
  }
}

// variant_field(x, V, i).
void jvp_variant_field(JvpCtx& c) {
  Node* y = c.primal();
  c.set(y, c.e.op(Prim::VariantField, {c.tan(0), c.in(1), c.in(2)}));
}
void vjp_variant_field(VjpBackwardCtx& c) {
  const auto& fields = fields_of(c.node->arg(1));
  const Node* index = c.node->arg(2);
  if (!index->is_constant() || !std::holds_alternative<int64_t>(index->value)) return;
  int64_t i = index->as_int();
  if (i < 0 || static_cast<size_t>(i) >= fields.size()) return;
  c.give_part(0, PartKey::named(fields[static_cast<size_t>(i)].name), c.ct());
}

}  // namespace structure_rules

void register_structure_rules(Registry& r) {
  using namespace structure_rules;
  r.set_jvp(Prim::MakeTuple, jvp_construct<0>);
  r.set_vjp(Prim::MakeTuple, vjp_make_tuple);
  r.set_jvp(Prim::TupleGet, jvp_component);
  r.set_vjp(Prim::TupleGet, vjp_component);
  r.set_passive(Prim::TupleGet, 1);
  r.set_jvp(Prim::MakeStruct, jvp_construct<1>);
  r.set_vjp(Prim::MakeStruct, vjp_make_record);
  r.set_passive(Prim::MakeStruct, 0);
  r.set_jvp(Prim::GetAttr, jvp_component);
  r.set_vjp(Prim::GetAttr, vjp_component);
  r.set_passive(Prim::GetAttr, 1);
  r.set_jvp(Prim::SetAttr, jvp_set_attr);
  r.set_vjp(Prim::SetAttr, vjp_set_attr);
  r.set_passive(Prim::SetAttr, 1);
  r.set_jvp(Prim::MakeVariant, jvp_construct<1>);
  r.set_vjp(Prim::MakeVariant, vjp_make_record);
  r.set_passive(Prim::MakeVariant, 0);
  r.set_zero(Prim::VariantTag);
  r.set_jvp(Prim::VariantField, jvp_variant_field);
  r.set_vjp(Prim::VariantField, vjp_variant_field);
  r.set_passive(Prim::VariantField, 1);
  r.set_passive(Prim::VariantField, 2);
}

}  // namespace fx::ad
