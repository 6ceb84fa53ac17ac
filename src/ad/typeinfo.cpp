#include "ad/typeinfo.hpp"

#include <variant>

#include "types/type.hpp"

namespace fx::ad {

using types::TypeKind;

namespace typeinfo_impl {

bool integral_kind(TypeKind k) { return k == TypeKind::I64 || k == TypeKind::Bool; }

}  // namespace typeinfo_impl

bool has_no_derivative(const ir::Node* n) {
  if (!n || !n->type) return false;
  // Only these kinds; floats, aggregates, functions and unknown types may carry one.
  TypeKind k = n->type->kind;
  if (k == TypeKind::Tensor) return n->type->dtype && typeinfo_impl::integral_kind(n->type->dtype->kind);
  return typeinfo_impl::integral_kind(k) || k == TypeKind::Str || k == TypeKind::None;
}

bool typed_f64(const ir::Node* n) { return n && n->type && n->type->kind == TypeKind::F64; }
bool typed_i64(const ir::Node* n) { return n && n->type && n->type->kind == TypeKind::I64; }

bool typed_f32_values(const ir::Node* n) {
  const types::Type* dtype = n && n->type ? types::dtype_of(n->type) : nullptr;
  return dtype && dtype->kind == TypeKind::F32;
}

bool typed_scalar(const ir::Node* n) {
  if (!n) return false;
  if (n->is_constant())
    return std::holds_alternative<double>(n->value) || std::holds_alternative<int64_t>(n->value) ||
           std::holds_alternative<bool>(n->value);
  if (!n->type) return false;
  TypeKind k = n->type->kind;
  return k == TypeKind::F64 || typeinfo_impl::integral_kind(k);
}

bool same_shape(const ir::Node* a, const ir::Node* b) {
  if (typed_scalar(a) && typed_scalar(b)) return true;
  if (!a || !b || !a->type || !b->type) return false;
  const types::Type* ta = a->type;
  const types::Type* tb = b->type;
  if (ta->kind != TypeKind::Tensor || tb->kind != TypeKind::Tensor) return false;
  if (ta->rank < 0 || ta->rank != tb->rank) return false;
  if (ta->dims.size() != static_cast<size_t>(ta->rank) || ta->dims != tb->dims) return false;
  for (int64_t d : ta->dims)
    if (d < 0) return false;
  return true;
}

int typed_rank(const ir::Node* n) {
  if (typed_scalar(n)) return 0;
  if (!n || !n->type || n->type->kind != TypeKind::Tensor) return -1;
  return static_cast<int>(n->type->rank);
}

bool typed_struct(const ir::Node* n) { return n && n->type && n->type->kind == TypeKind::Struct; }
bool typed_tensor(const ir::Node* n) { return n && n->type && n->type->kind == TypeKind::Tensor; }

bool graph_is_typed(const ir::Graph* g) {
  if (g->output && g->output->type) return true;
  for (const ir::Node* p : g->params)
    if (p->type) return true;
  return false;
}

int typed_tuple_arity(const ir::Node* n) {
  if (!n || !n->type || n->type->kind != TypeKind::Tuple) return -1;
  return static_cast<int>(n->type->elems.size());
}

}  // namespace fx::ad
