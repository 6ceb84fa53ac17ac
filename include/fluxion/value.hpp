// Values passed to and returned from Fluxion functions (docs/embedding.md "Values").
//
// Arguments may VIEW caller memory: a TensorView is a pointer, a dtype, a shape and strides;
// nothing is copied when it is passed, and Fluxion never writes through it (a program that
// updates such a tensor in place copies it first). Results own their memory: a Tensor result
// never aliases an argument, and stays valid after the Module is gone.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace fluxion {

enum class DType { F64, F32, I64, Bool };
const char* dtype_name(DType dtype);  // "f64", "f32", "i64", "bool"
size_t itemsize(DType dtype);

// Caller memory seen as a tensor. Strides are in elements (NumPy's are in bytes) and may be
// zero or negative; the caller keeps the memory alive and unchanged during the call.
class TensorView {
 public:
  // Row-major contiguous data.
  TensorView(const double* data, std::vector<int64_t> shape);
  TensorView(const float* data, std::vector<int64_t> shape);
  TensorView(const int64_t* data, std::vector<int64_t> shape);
  TensorView(DType dtype, const void* data, std::vector<int64_t> shape, std::vector<int64_t> strides = {});

  DType dtype() const { return dtype_; }
  const void* data() const { return data_; }
  const std::vector<int64_t>& shape() const { return shape_; }
  const std::vector<int64_t>& strides() const { return strides_; }  // in elements

 private:
  DType dtype_;
  const void* data_;
  std::vector<int64_t> shape_, strides_;
};

namespace detail {
struct TensorStorage;   // an owned runtime tensor
struct Aggregate;       // the fields of a tuple or struct
struct FunctionHandle;  // a function value of a module
}  // namespace detail

// A tensor result: owns its elements (row-major, contiguous); copies share them (read-only).
class Tensor {
 public:
  // Made by the implementation (src/api/) from a result.
  explicit Tensor(std::shared_ptr<const detail::TensorStorage> storage) : storage_(std::move(storage)) {}
  DType dtype() const;
  const std::vector<int64_t>& shape() const;
  int64_t numel() const;
  const void* data() const;
  template <class T> const T* data_as() const { return static_cast<const T*>(data()); }
  // A view of this tensor, to pass it back to a function without a copy.
  TensorView view() const;
  const std::shared_ptr<const detail::TensorStorage>& storage() const { return storage_; }

 private:
  std::shared_ptr<const detail::TensorStorage> storage_;
};

class Function;

class Value {
 public:
  enum class Kind { None, Bool, Int, Float, View, Tensor, Tuple, Struct, Function };

  Value() = default;  // None
  Value(bool b) : kind_(Kind::Bool) { s_.b = b; }
  Value(int i) : kind_(Kind::Int) { s_.i = i; }
  Value(int64_t i) : kind_(Kind::Int) { s_.i = i; }
  Value(double f) : kind_(Kind::Float) { s_.f = f; }
  Value(TensorView view);
  Value(Tensor tensor);
  Value(const Function& fn);
  static Value tuple(std::vector<Value> items);
  // An instance of the program's struct `name` (fields in any order, each exactly once).
  static Value structure(std::string name, std::vector<std::pair<std::string, Value>> fields);

  Kind kind() const { return kind_; }
  bool is_none() const { return kind_ == Kind::None; }
  // Accessors throw fluxion::Error (naming what the value is) on another kind; as_float
  // also reads an Int.
  bool as_bool() const;
  int64_t as_int() const;
  double as_float() const;
  const TensorView& as_view() const;
  const Tensor& as_tensor() const;
  const std::vector<Value>& items() const;  // of a tuple or a struct (in declaration order)
  const std::string& struct_name() const;
  const std::vector<std::string>& field_names() const;
  const Value& field(const std::string& name) const;
  Function as_function() const;
  // The value as `print` writes it: 1.5, (1.0, 2.0), Linear(w=[[...]], b=[...]).
  std::string to_string() const;

  // For the implementation (src/api/): the shared parts.
  const std::shared_ptr<const void>& heap() const { return heap_; }
  static Value from_heap(Kind kind, std::shared_ptr<const void> heap);

 private:
  Kind kind_ = Kind::None;
  union {
    bool b;
    int64_t i;
    double f;
  } s_{};
  std::shared_ptr<const void> heap_;  // TensorView, Tensor storage, Aggregate, FunctionHandle
};

}  // namespace fluxion
