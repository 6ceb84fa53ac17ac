#include "types/tangents.hpp"

#include <algorithm>
#include <vector>

namespace fx::types {

namespace {

bool contains_function(const Type* t) {
  if (is_function(t)) return true;
  if (t->kind != TypeKind::Tuple) return false;  // struct and enum fields are never functions
  return std::any_of(t->elems.begin(), t->elems.end(), contains_function);
}

// Does every leaf (non-aggregate field, transitively) of struct or enum type t have type
// `leaf`? Recursive enums are visited once.
bool all_leaves_are(Annotations& annotations, const Type* t, const Type* leaf, std::vector<const Type*>& visiting) {
  if (t->kind == TypeKind::Tuple)
    return std::all_of(t->elems.begin(), t->elems.end(),
                       [&](const Type* e) { return all_leaves_are(annotations, e, leaf, visiting); });
  if (t->kind != TypeKind::Struct && t->kind != TypeKind::Enum) return t == leaf;
  if (std::find(visiting.begin(), visiting.end(), t) != visiting.end()) return true;
  visiting.push_back(t);
  bool ok = true;
  if (t->kind == TypeKind::Struct) {
    for (size_t i = 0; ok && i < t->struct_decl->fields.size(); ++i)
      ok = all_leaves_are(annotations, annotations.field_type(t->struct_decl, i), leaf, visiting);
  } else {
    for (const auto& variant : t->enum_decl->variants)
      for (size_t i = 0; ok && i < variant->fields.size(); ++i)
        ok = all_leaves_are(annotations, annotations.field_type(variant.get(), i), leaf, visiting);
  }
  visiting.pop_back();
  return ok;
}

// The Jacobian of a float tensor output y w.r.t. inputs of tangent type `in`: for each
// leaf of `in` (through tuples), a tensor of shape y.shape + leaf.shape (JAX).
const Type* tensor_jacobian(TypeStore& store, const Type* y, const Type* in, std::string* why) {
  if (in->kind == TypeKind::Bottom || is_unknown_tensor(in)) return store.bottom();
  if (in->kind == TypeKind::Tuple) {
    std::vector<const Type*> elems;
    for (const Type* e : in->elems) {
      const Type* j = tensor_jacobian(store, y, e, why);
      if (!j) return nullptr;
      elems.push_back(j);
    }
    return store.tuple(std::move(elems));
  }
  if (!is_float(in) && !(is_tensor(in) && is_float(in->dtype))) {
    *why = "the Jacobian of the tensor output " + to_string(y) + " with respect to " + to_string(in) +
           " cannot be represented; differentiate with respect to float tensors or tuples of them";
    return nullptr;
  }
  int64_t rin = rank_of(in);
  if (y->rank < 0 || rin < 0) return store.tensor(y->dtype);
  std::vector<int64_t> dims = y->dims;
  for (int64_t i = 0; i < rin; ++i) dims.push_back(extent(in, i));
  return store.tensor_or_scalar(y->dtype, y->rank + rin, std::move(dims));
}

}  // namespace

const Type* tangent_type(TypeStore& store, const Type* t) {
  if (contains_function(t)) return nullptr;
  (void)store;  // every other type is its own tangent type (see the header)
  return t;
}

std::string not_differentiable_reason(const Type* t) {
  switch (t->kind) {
    case TypeKind::I64: return "integers carry no derivative: pass a float (e.g. 2.0 instead of 2) or convert with float()";
    case TypeKind::Bool: return "booleans carry no derivative";
    case TypeKind::Str: return "strings carry no derivative";
    case TypeKind::None: return "None carries no derivative";
    case TypeKind::Closure:
    case TypeKind::PrimFn:
    case TypeKind::Constructor:
    case TypeKind::Union:
    case TypeKind::Derived:
    case TypeKind::Explicit:
    case TypeKind::Recursive:
      return "a function value has no derivative of its own: differentiate with respect to the values it uses "
             "instead, passed as arguments";
    case TypeKind::Tuple:
      if (contains_function(t))
        return "it contains a function value, which has no derivative of its own";
      return "";
    case TypeKind::Tensor:
      if (t->dtype->kind == TypeKind::I64)
        return "integer tensors carry no derivative: convert with astype(x, f64)";
      if (t->dtype->kind == TypeKind::Bool) return "bool tensors carry no derivative";
      return "";
    case TypeKind::Bottom:
    case TypeKind::F64:
    case TypeKind::F32:
    case TypeKind::Struct:
    case TypeKind::Enum:
    case TypeKind::List:
    case TypeKind::RecursiveTangent:
      return "";
  }
  return "";
}

const Type* jacobian_type(TypeStore& store, Annotations& annotations, const Type* y, const Type* in,
                          std::string* why) {
  if (y->kind == TypeKind::Bottom || in->kind == TypeKind::Bottom) return store.bottom();
  switch (y->kind) {
    case TypeKind::Tuple: {
      std::vector<const Type*> elems;
      for (const Type* e : y->elems) {
        const Type* j = jacobian_type(store, annotations, e, in, why);
        if (!j) return nullptr;
        elems.push_back(j);
      }
      return store.tuple(std::move(elems));
    }
    case TypeKind::Struct:
    case TypeKind::Enum: {
      std::vector<const Type*> visiting;
      if (all_leaves_are(annotations, y, in, visiting)) return y;
      *why = "the output " + to_string(y) + " is a struct or enum, whose fields cannot hold derivatives with "
             "respect to " + to_string(in) + "; differentiate with respect to one argument of its fields' type, "
             "or return a tuple";
      return nullptr;
    }
    case TypeKind::Closure:
    case TypeKind::PrimFn:
    case TypeKind::Constructor:
    case TypeKind::Union:
    case TypeKind::Derived:
    case TypeKind::Explicit:
    case TypeKind::Recursive:
      *why = "the output contains a function value (" + to_string(y) + "), which has no derivative";
      return nullptr;
    case TypeKind::None:
    case TypeKind::Bool:
    case TypeKind::I64:
    case TypeKind::Str:
    case TypeKind::List:
    case TypeKind::RecursiveTangent:
      // Forward and reverse mode would not even agree on the type of its zero entries.
      *why = "the output has a part of type " + to_string(y) + ", which has no derivative; return floats only";
      return nullptr;
    case TypeKind::Tensor:
      if (is_unknown_tensor(y)) return store.bottom();
      if (y->dtype->kind != TypeKind::F64 && y->dtype->kind != TypeKind::F32) {
        *why = "the output has a part of type " + to_string(y) + ", which has no derivative; return floats only";
        return nullptr;
      }
      return tensor_jacobian(store, y, in, why);
    case TypeKind::Bottom:
    case TypeKind::F64:
    case TypeKind::F32:
      return in;
  }
  return in;
}

}  // namespace fx::types
