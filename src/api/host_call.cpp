// The host's side of the slot layout of native calls (host_call.hpp).
#include "api/host_call.hpp"

#include "native_abi/tensor_handles.hpp"

namespace fluxion::detail {

namespace rt = fx::rt;
using fx::types::TypeKind;

HostShape host_shape(const fx::types::Type* t, fx::types::Annotations& annotations) {
  HostShape s;
  switch (t->kind) {
    case TypeKind::F64: s.kind = HostShape::Kind::F64; break;
    case TypeKind::I64: s.kind = HostShape::Kind::I64; break;
    case TypeKind::Bool: s.kind = HostShape::Kind::Bool; break;
    case TypeKind::Tensor:
      s.kind = HostShape::Kind::Tensor;
      s.rank = t->rank;
      switch (t->dtype->kind) {
        case TypeKind::F32: s.dtype = DType::F32; break;
        case TypeKind::I64: s.dtype = DType::I64; break;
        case TypeKind::Bool: s.dtype = DType::Bool; break;
        default: s.dtype = DType::F64; break;
      }
      break;
    case TypeKind::Tuple:
      s.kind = HostShape::Kind::Tuple;
      for (const fx::types::Type* e : t->elems) s.items.push_back(host_shape(e, annotations));
      break;
    case TypeKind::Struct:
      s.kind = HostShape::Kind::Struct;
      s.decl = t->struct_decl;
      for (size_t i = 0; i < t->struct_decl->fields.size(); ++i)
        s.items.push_back(host_shape(annotations.field_type(t->struct_decl, i), annotations));
      break;
    default: s.kind = HostShape::Kind::None; break;  // None (host_leaves refused the rest)
  }
  return s;
}

bool matches(const Value& v, const HostShape& shape, bool in_struct) {
  switch (shape.kind) {
    case HostShape::Kind::F64: return v.kind() == Value::Kind::Float || (in_struct && v.kind() == Value::Kind::Int);
    case HostShape::Kind::I64: return v.kind() == Value::Kind::Int;
    case HostShape::Kind::Bool: return v.kind() == Value::Kind::Bool;
    case HostShape::Kind::None: return v.kind() == Value::Kind::None;
    case HostShape::Kind::Tensor:
      if (v.kind() == Value::Kind::View)
        return v.as_view().dtype() == shape.dtype && static_cast<int64_t>(v.as_view().shape().size()) == shape.rank;
      return v.kind() == Value::Kind::Tensor && v.as_tensor().dtype() == shape.dtype &&
             static_cast<int64_t>(v.as_tensor().shape().size()) == shape.rank;
    case HostShape::Kind::Tuple:
      if (v.kind() != Value::Kind::Tuple || v.items().size() != shape.items.size()) return false;
      for (size_t i = 0; i < shape.items.size(); ++i)
        if (!matches(v.items()[i], shape.items[i])) return false;
      return true;
    case HostShape::Kind::Struct: {
      if (v.kind() != Value::Kind::Struct || v.struct_name() != shape.decl->name ||
          v.items().size() != shape.items.size())
        return false;
      const auto& names = v.field_names();
      for (size_t k = 0; k < shape.items.size(); ++k) {
        size_t i = 0;
        while (i < names.size() && names[i] != shape.decl->fields[k].name) ++i;
        if (i == names.size() || !matches(v.items()[i], shape.items[k], true)) return false;
      }
      return true;
    }
  }
  return false;
}

void to_slots(const Value& v, const HostShape& shape, fx_slot* slots, size_t& next,
              std::vector<std::pair<size_t, rt::Tensor>>& tensors, const std::function<ArgumentPlace()>& at) {
  switch (shape.kind) {
    case HostShape::Kind::F64:  // a host integer where f64 is declared (a struct field) is the number it means
      slots[next++].f64 = v.kind() == Value::Kind::Int ? static_cast<double>(v.as_int()) : v.as_float();
      return;
    case HostShape::Kind::I64: slots[next++].i64 = v.as_int(); return;
    case HostShape::Kind::Bool: slots[next++].b = v.as_bool(); return;
    case HostShape::Kind::Tensor:
      tensors.emplace_back(next, v.kind() == Value::Kind::Tensor ? tensor_argument(v, {}) : tensor_argument(v, at()));
      slots[next++].t = nullptr;
      return;
    case HostShape::Kind::None: return;
    case HostShape::Kind::Tuple:
      for (size_t i = 0; i < shape.items.size(); ++i) to_slots(v.items().at(i), shape.items[i], slots, next, tensors, at);
      return;
    case HostShape::Kind::Struct: {
      const auto& names = v.field_names();
      for (size_t k = 0; k < shape.items.size(); ++k)
        for (size_t i = 0; i < names.size(); ++i)
          if (names[i] == shape.decl->fields[k].name) to_slots(v.items()[i], shape.items[k], slots, next, tensors, at);
      return;
    }
  }
}

void hand_tensors(fx_slot* slots, std::vector<std::pair<size_t, rt::Tensor>>& tensors) {
  for (auto& [index, tensor] : tensors) slots[index].t = fx::native_abi::hand_out(std::move(tensor));
  tensors.clear();
}

Value from_slots(const fx_slot* slots, size_t& next, const HostShape& shape) {
  switch (shape.kind) {
    case HostShape::Kind::F64: return Value(slots[next++].f64);
    case HostShape::Kind::I64: return Value(static_cast<int64_t>(slots[next++].i64));
    case HostShape::Kind::Bool: return Value(slots[next++].b);
    case HostShape::Kind::Tensor: return owned_result(rt::Tensor::adopt(slots[next++].t));
    case HostShape::Kind::None: return Value();
    case HostShape::Kind::Tuple: {
      std::vector<Value> items;
      for (const HostShape& item : shape.items) items.push_back(from_slots(slots, next, item));
      return Value::tuple(std::move(items));
    }
    case HostShape::Kind::Struct: {
      std::vector<std::pair<std::string, Value>> fields;
      for (size_t k = 0; k < shape.items.size(); ++k)
        fields.emplace_back(shape.decl->fields[k].name, from_slots(slots, next, shape.items[k]));
      return Value::structure(shape.decl->name, std::move(fields));
    }
  }
  return Value();
}

size_t slot_count(const HostShape& shape) {
  if (shape.kind == HostShape::Kind::None) return 0;
  if (shape.kind != HostShape::Kind::Tuple && shape.kind != HostShape::Kind::Struct) return 1;
  size_t n = 0;
  for (const HostShape& item : shape.items) n += slot_count(item);
  return n;
}

}  // namespace fluxion::detail
