// Host values: scalars inline, tensors, tuples, structs and functions shared (immutable).
#include <numeric>

#include "api/errors.hpp"
#include "api/function_handle.hpp"
#include "api/host_values.hpp"
#include "fluxion/module.hpp"
#include "fluxion/runtime/format.hpp"
#include "support/number_format.hpp"

namespace fluxion {

using detail::Aggregate;
using detail::heap_as;
using detail::TensorStorage;

const char* dtype_name(DType dtype) {
  switch (dtype) {
    case DType::F64: return "f64";
    case DType::F32: return "f32";
    case DType::I64: return "i64";
    case DType::Bool: return "bool";
  }
  return "?";
}

size_t itemsize(DType dtype) {
  switch (dtype) {
    case DType::F64: case DType::I64: return 8;
    case DType::F32: return 4;
    case DType::Bool: return 1;
  }
  return 0;
}

namespace detail {
fx::rt::DType runtime_dtype(DType dtype) {
  switch (dtype) {
    case DType::F64: return fx::rt::DType::F64;
    case DType::F32: return fx::rt::DType::F32;
    case DType::I64: return fx::rt::DType::I64;
    case DType::Bool: return fx::rt::DType::Bool;
  }
  return fx::rt::DType::F64;
}
DType host_dtype(fx::rt::DType dtype) {
  switch (dtype) {
    case fx::rt::DType::F64: return DType::F64;
    case fx::rt::DType::F32: return DType::F32;
    case fx::rt::DType::I64: return DType::I64;
    case fx::rt::DType::Bool: return DType::Bool;
  }
  return DType::F64;
}
}  // namespace detail

namespace {
std::vector<int64_t> row_major_strides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> strides(shape.size());
  int64_t stride = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    strides[i] = stride;
    stride *= shape[i] == 0 ? 1 : shape[i];
  }
  return strides;
}

[[noreturn]] void wrong_kind(const char* wanted, const Value& v) {
  static const char* names[] = {"None", "a bool", "an int", "a float", "a tensor view", "a tensor",
                                "a tuple", "a struct", "a function"};
  std::string message = std::string("expected ") + wanted + ", found " + names[static_cast<int>(v.kind())];
  throw Error(Error::Kind::Compile, "", 0, 0, message, "fluxion: error: " + message);
}
}  // namespace

TensorView::TensorView(const double* data, std::vector<int64_t> shape) : TensorView(DType::F64, data, std::move(shape)) {}
TensorView::TensorView(const float* data, std::vector<int64_t> shape) : TensorView(DType::F32, data, std::move(shape)) {}
TensorView::TensorView(const int64_t* data, std::vector<int64_t> shape) : TensorView(DType::I64, data, std::move(shape)) {}
TensorView::TensorView(DType dtype, const void* data, std::vector<int64_t> shape, std::vector<int64_t> strides)
    : dtype_(dtype), data_(data), shape_(std::move(shape)), strides_(std::move(strides)) {
  if (strides_.empty()) strides_ = row_major_strides(shape_);
}

DType Tensor::dtype() const { return detail::host_dtype(storage_->tensor.dtype()); }
const std::vector<int64_t>& Tensor::shape() const { return storage_->shape; }
int64_t Tensor::numel() const { return storage_->tensor.numel(); }
const void* Tensor::data() const { return storage_->tensor.raw_data(); }
TensorView Tensor::view() const { return TensorView(dtype(), data(), shape()); }

Value::Value(TensorView view) : kind_(Kind::View), heap_(std::make_shared<const TensorView>(std::move(view))) {}
Value::Value(Tensor tensor) : kind_(Kind::Tensor), heap_(std::make_shared<const Tensor>(std::move(tensor))) {}
Value::Value(const Function& fn) : kind_(Kind::Function), heap_(fn.handle()) {}

Value Value::tuple(std::vector<Value> items) {
  return from_heap(Kind::Tuple, std::make_shared<const Aggregate>(Aggregate{std::move(items), "", {}}));
}

Value Value::structure(std::string name, std::vector<std::pair<std::string, Value>> fields) {
  Aggregate a{{}, std::move(name), {}};
  for (auto& [field, value] : fields) {
    a.field_names.push_back(field);
    a.items.push_back(std::move(value));
  }
  return from_heap(Kind::Struct, std::make_shared<const Aggregate>(std::move(a)));
}

Value Value::from_heap(Kind kind, std::shared_ptr<const void> heap) {
  Value v;
  v.kind_ = kind;
  v.heap_ = std::move(heap);
  return v;
}

bool Value::as_bool() const {
  if (kind_ != Kind::Bool) wrong_kind("a bool", *this);
  return s_.b;
}
int64_t Value::as_int() const {
  if (kind_ != Kind::Int) wrong_kind("an int", *this);
  return s_.i;
}
double Value::as_float() const {
  if (kind_ == Kind::Int) return static_cast<double>(s_.i);
  if (kind_ != Kind::Float) wrong_kind("a float", *this);
  return s_.f;
}
const TensorView& Value::as_view() const {
  if (kind_ != Kind::View) wrong_kind("a tensor view", *this);
  return heap_as<TensorView>(*this);
}
const Tensor& Value::as_tensor() const {
  if (kind_ != Kind::Tensor) wrong_kind("a tensor", *this);
  return heap_as<Tensor>(*this);
}
const std::vector<Value>& Value::items() const {
  if (kind_ != Kind::Tuple && kind_ != Kind::Struct) wrong_kind("a tuple or a struct", *this);
  return heap_as<Aggregate>(*this).items;
}
const std::string& Value::struct_name() const {
  if (kind_ != Kind::Struct) wrong_kind("a struct", *this);
  return heap_as<Aggregate>(*this).struct_name;
}
const std::vector<std::string>& Value::field_names() const {
  if (kind_ != Kind::Struct) wrong_kind("a struct", *this);
  return heap_as<Aggregate>(*this).field_names;
}
const Value& Value::field(const std::string& name) const {
  if (kind_ != Kind::Struct) wrong_kind("a struct", *this);
  const Aggregate& a = heap_as<Aggregate>(*this);
  for (size_t i = 0; i < a.field_names.size(); ++i)
    if (a.field_names[i] == name) return a.items[i];
  std::string message = "struct " + a.struct_name + " has no field '" + name + "'";
  throw Error(Error::Kind::Compile, "", 0, 0, message, "fluxion: error: " + message);
}
Function Value::as_function() const {
  if (kind_ != Kind::Function) wrong_kind("a function", *this);
  return Function(std::const_pointer_cast<detail::FunctionHandle>(
      std::static_pointer_cast<const detail::FunctionHandle>(heap_)));
}

std::string Value::to_string() const {
  switch (kind_) {
    case Kind::None: return "None";
    case Kind::Bool: return s_.b ? "True" : "False";
    case Kind::Int: return std::to_string(s_.i);
    case Kind::Float: return fx::format_float(s_.f);
    case Kind::View: {
      const TensorView& v = as_view();
      return "<view of " + std::string(dtype_name(v.dtype())) + " data, " + std::to_string(v.shape().size()) + " axes>";
    }
    case Kind::Tensor: return fx::rt::format(as_tensor().storage()->tensor);
    case Kind::Tuple: case Kind::Struct: {
      const Aggregate& a = heap_as<Aggregate>(*this);
      std::string out = kind_ == Kind::Struct ? a.struct_name + "(" : "(";
      for (size_t i = 0; i < a.items.size(); ++i) {
        if (i) out += ", ";
        if (kind_ == Kind::Struct) out += a.field_names[i] + "=";
        out += a.items[i].to_string();
      }
      if (kind_ == Kind::Tuple && a.items.size() == 1) out += ",";
      return out + ")";
    }
    case Kind::Function: return "<function " + as_function().name() + ">";
  }
  return "?";
}

}  // namespace fluxion
