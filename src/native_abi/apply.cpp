// fx_rt_apply: a primitive of generated code evaluated by the interpreter's own code for it
// (interp::apply_primitive, and through it the tensor families of src/interp/tensor_*.cpp), so
// that native and interpreted programs share each primitive's semantics, dtypes and messages.
// Operands are converted to interpreter values as the interpreter would hold them (a rank-0
// f64, i64 or bool tensor is a number there), and the result back to what the generated code
// expects (its type, known when the code was emitted).
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "interp/format.hpp"
#include "interp/nan_check.hpp"
#include "interp/primitives.hpp"
#include "interp/tensor_values.hpp"
#include "native_abi/direct_ops.hpp"
#include "native_abi/tensor_handles.hpp"
#include "support/diagnostics.hpp"

namespace fx::native_abi {

namespace {

using interp::Kind;
using interp::Value;

thread_local std::string refused;

const char* refuse(std::string message) {
  refused = std::move(message);
  return refused.c_str();
}

// Primitive number `id` (fx_rt_prim_id); null when there is none.
const ir::Prim* prim_numbered(int32_t id) {
  static const std::vector<ir::Prim> all = [] {
    std::vector<ir::Prim> v;
    for (int i = 0; i < ir::kPrimCount; ++i) v.push_back(static_cast<ir::Prim>(i));
    return v;
  }();
  return id >= 0 && id < static_cast<int32_t>(all.size()) ? &all[static_cast<size_t>(id)] : nullptr;
}

// Operands as interpreter values, on the stack for the usual few.
class Operands {
 public:
  explicit Operands(size_t n) : heap_(n > kInline ? n : 0) {}
  Value* data() { return heap_.empty() ? inline_ : heap_.data(); }

 private:
  static constexpr size_t kInline = 8;
  Value inline_[kInline];
  std::vector<Value> heap_;
};

// The declaration of a struct as generated code describes it (its name and fields): what the
// interpreter's .npz files read of one. One per description, for the life of the process.
const ir::StructDecl* declaration(const fx_value& v) {
  static std::mutex lock;
  static std::map<std::vector<std::string>, std::unique_ptr<ir::StructDecl>> known;
  std::vector<std::string> key{v.as.tuple.type_name};
  for (int64_t i = 0; i < v.as.tuple.n; ++i) key.emplace_back(v.as.tuple.field_names[i]);
  std::lock_guard<std::mutex> hold(lock);
  auto& decl = known[key];
  if (!decl) {
    decl = std::make_unique<ir::StructDecl>();
    decl->name = key[0];
    for (size_t i = 1; i < key.size(); ++i) decl->fields.push_back(ir::FieldInfo{key[i], nullptr, {}});
  }
  return decl.get();
}

Value to_value(const fx_value& v, bool consumed) {
  switch (v.kind) {
    case FX_VALUE_BOOL: return Value::boolean(v.as.b);
    case FX_VALUE_I64: return Value::integer(v.as.i);
    case FX_VALUE_F64: return Value::real(v.as.f);
    case FX_VALUE_STR: return Value::str(v.as.s);
    case FX_VALUE_TENSOR: {
      const bool scalar = is_scalar(v.as.t);
      rt::Tensor t = consumed ? take(v.as.t) : borrow(v.as.t);
      return scalar ? interp::tensors::box(std::move(t)) : Value::tensor(std::move(t));
    }
    case FX_VALUE_TUPLE: {
      std::vector<Value> items;
      for (int64_t i = 0; i < v.as.tuple.n; ++i) items.push_back(to_value(v.as.tuple.items[i], false));
      return Value::tuple(std::move(items));
    }
    case FX_VALUE_STRUCT: {
      std::vector<Value> fields;
      for (int64_t i = 0; i < v.as.tuple.n; ++i) fields.push_back(to_value(v.as.tuple.items[i], false));
      return Value::make_struct(declaration(v), std::move(fields));
    }
    default: return Value::none();
  }
}

// The interpreter's value of a tensor that generated code holds.
Value value_of(const fx_tensor* h) {
  rt::Tensor t = borrow(const_cast<fx_tensor*>(h));
  return is_scalar(h) ? interp::tensors::box(std::move(t)) : Value::tensor(std::move(t));
}

rt::Tensor as_tensor(const Value& v) {
  if (v.kind() == Kind::Tensor) return v.as_tensor();
  return interp::tensors::to_tensor(v, SourceLoc{}, "native code");
}

rt::Scalar as_number(const Value& v) {
  switch (v.kind()) {
    case Kind::Bool: return rt::Scalar(v.as_bool());
    case Kind::Int: return rt::Scalar(v.as_int());
    case Kind::Float: return rt::Scalar(v.as_float());
    case Kind::Tensor:
      if (v.as_tensor().numel() == 1) return v.as_tensor().item();
      break;
    default: break;
  }
  internal_error("native code", "a primitive returned " + interp::format_value(v) + " where a number was expected");
}

// Writes v into out as out's kind says; the tensors written are new handles.
void from_value(const Value& v, fx_value* out) {
  switch (out->kind) {
    case FX_VALUE_NONE: return;
    case FX_VALUE_BOOL: out->as.b = as_number(v).to_bool(); return;
    case FX_VALUE_I64: out->as.i = as_number(v).to_i64(); return;
    case FX_VALUE_F64: out->as.f = as_number(v).to_f64(); return;
    case FX_VALUE_TENSOR: out->as.t = hand_out(as_tensor(v), v.kind() != Kind::Tensor); return;
    case FX_VALUE_TUPLE:
    case FX_VALUE_STRUCT:
      if (v.kind() != (out->kind == FX_VALUE_TUPLE ? Kind::Tuple : Kind::Struct) || static_cast<int64_t>(v.items().size()) != out->as.tuple.n)
        internal_error("native code", "a primitive returned " + interp::format_value(v) + " where a tuple was expected");
      for (int64_t i = 0; i < out->as.tuple.n; ++i) from_value(v.items()[i], &out->as.tuple.items[i]);
      return;
    default: internal_error("native code", "a primitive's result of kind " + std::to_string(out->kind));
  }
}

}  // namespace

}  // namespace fx::native_abi

namespace nabi = fx::native_abi;

namespace fx::native_abi {
namespace {

// fx_rt_apply and fx_rt_apply_checked: under --check-nan the operands are kept (so that the
// report can show them) and the result is examined as the interpreter examines it.
const char* apply(int32_t prim, const fx_value* args, int64_t n, uint64_t consumed, fx_value* out, bool check_nan) {
  try {
    const ir::Prim* p = prim_numbered(prim);
    if (!p) return refuse("internal error: no primitive number " + std::to_string(prim));
    if (!check_nan && apply_index_directly(*p, args, n, consumed, out)) return nullptr;
    const size_t count = static_cast<size_t>(n);
    Operands operands(count);
    Value* values = operands.data();
    for (size_t i = 0; i < count; ++i) values[i] = to_value(args[i], i < 64 && (consumed >> i & 1));
    std::vector<Value> kept;
    if (check_nan) kept.assign(values, values + count);
    static thread_local std::ostringstream printed;  // no primitive that comes here prints
    Value result = interp::apply_primitive(*p, SourceLoc{}, values, count, printed);
    if (check_nan) {
      std::string report = interp::nan_report(*p, kept.data(), kept.size(), result);
      if (!report.empty()) return refuse(report);
    }
    from_value(result, out);
    return nullptr;
  } catch (const rt::TensorError& e) {  // from a direct kernel: the interpreter's message too
    return refuse(e.message);
  } catch (const RuntimeError& e) {
    return refuse(e.message);
  } catch (const InternalError& e) {
    return refuse("internal error in " + e.where + ": " + e.message);
  } catch (const std::bad_alloc&) {
    return refuse("out of memory");
  } catch (const std::exception& e) {
    return refuse(std::string("internal error: ") + e.what());
  }
}

}  // namespace

const char* apply_by_values(int32_t prim, const fx_value* args, int64_t n, uint64_t consumed, fx_value* out,
                            bool check_nan) {
  return apply(prim, args, n, consumed, out, check_nan);
}

}  // namespace fx::native_abi

extern "C" {

int32_t fx_rt_prim_id(const char* name) {
  for (int i = 0; i < fx::ir::kPrimCount; ++i)
    if (std::strcmp(fx::ir::prim_name(static_cast<fx::ir::Prim>(i)), name) == 0) return i;
  return -1;
}

const char* fx_rt_apply(int32_t prim, const fx_value* args, int64_t n, uint64_t consumed, fx_value* out) {
  return nabi::apply(prim, args, n, consumed, out, false);
}

const char* fx_rt_apply_checked(int32_t prim, const fx_value* args, int64_t n, uint64_t consumed, fx_value* out) {
  return nabi::apply(prim, args, n, consumed, out, true);
}

const char* fx_rt_check_nan(int32_t prim, const fx_value* args, int64_t n, const fx_value* result) {
  try {
    const fx::ir::Prim* p = nabi::prim_numbered(prim);
    if (!p) return nabi::refuse("internal error: no primitive number " + std::to_string(prim));
    std::vector<fx::interp::Value> values;
    for (int64_t i = 0; i < n; ++i) values.push_back(nabi::to_value(args[i], false));
    std::string report = fx::interp::nan_report(*p, values.data(), values.size(), nabi::to_value(*result, false));
    return report.empty() ? nullptr : nabi::refuse(report);
  } catch (const std::exception& e) {
    return nabi::refuse(std::string("internal error: ") + e.what());
  }
}

const char* fx_rt_check_rank(const fx_tensor* t, int64_t rank, const char* declaration) {
  if (!t || nabi::is_scalar(t) || t->rank == rank) return nullptr;
  return nabi::refuse(fx::interp::rank_mismatch(declaration, t->rank));
}

void fx_rt_put_tensor(const fx_tensor* t) {
  std::string text = fx::interp::format_value(nabi::value_of(t));
  fx_rt_put_str(text.c_str());
}

bool fx_rt_tensor_equal(const fx_tensor* a, const fx_tensor* b) {
  return fx::interp::values_equal(nabi::value_of(a), nabi::value_of(b));
}

fx_tensor* fx_rt_tensor_of_f64(double x) { return nabi::hand_out(fx::rt::scalar_tensor(fx::rt::Scalar(x)), true); }
fx_tensor* fx_rt_tensor_of_i64(int64_t x) { return nabi::hand_out(fx::rt::scalar_tensor(fx::rt::Scalar(x)), true); }
fx_tensor* fx_rt_tensor_of_bool(bool x) { return nabi::hand_out(fx::rt::scalar_tensor(fx::rt::Scalar(x)), true); }

fx_tensor* fx_rt_tensor_f64_like(const fx_tensor* like) {
  fx::rt::Shape shape(std::span<const int64_t>(like->shape, static_cast<size_t>(like->rank)));
  return nabi::hand_out(fx::rt::Tensor::empty(fx::rt::DType::F64, shape));
}

}  // extern "C"
