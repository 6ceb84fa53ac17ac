// Creating tensors: filled, ranges, identity, and from data (the interpreter's literals).
#pragma once
#include <concepts>
#include <initializer_list>
#include <span>
#include <vector>

#include "fluxion/runtime/tensor.hpp"

namespace fx::rt {

Tensor zeros(const Shape& shape, DType dtype = DType::F64);
Tensor ones(const Shape& shape, DType dtype = DType::F64);
Tensor full(const Shape& shape, Scalar value);  // the dtype of `value`
Tensor full(const Shape& shape, Scalar value, DType dtype);

// [start, stop) by step, as NumPy's arange: i64 for integer bounds, f64 for float bounds
// (length ceil((stop - start) / step), element i is start + i * step). Step 0 is a TensorError.
Tensor arange(int64_t stop);
Tensor arange(int64_t start, int64_t stop, int64_t step = 1);
Tensor arange_f64(double start, double stop, double step = 1.0);

// `num` evenly spaced f64 values from start to stop (included when endpoint).
Tensor linspace(double start, double stop, int64_t num, bool endpoint = true);

// The n x m identity (ones on the diagonal).
Tensor eye(int64_t n, DType dtype = DType::F64);
Tensor eye(int64_t n, int64_t m, DType dtype);

// A tensor of `shape` holding `values` in row-major order (values.size() must equal the count).
template <class T> Tensor from_data(const Shape& shape, std::span<const T> values);
template <class T> Tensor from_vector(const std::vector<T>& values) {
  return from_data<T>(Shape{static_cast<int64_t>(values.size())}, values);
}

// A 1-D tensor of the scalars, promoted to a common dtype (i64 with f64 gives f64; mixing bool
// with numbers is a TensorError). An empty list gives an empty f64 tensor.
Tensor from_scalars(std::span<const Scalar> values);

// A literal whose elements are tensors of one shape: stacks them along a new leading axis,
// promoting dtypes as from_scalars does. TensorError "ragged nested data: ..." when shapes differ.
Tensor from_elements(std::span<const Tensor> elements);

// Nested lists of scalars, for writing literals in C++: from_nested({{1.0, 2.0}, {3.0, 4.0}}).
class NestedData {
 public:
  NestedData(double v) : leaf_(v), is_leaf_(true) {}
  NestedData(float v) : leaf_(v), is_leaf_(true) {}
  NestedData(bool v) : leaf_(v), is_leaf_(true) {}
  template <std::integral I>
    requires(!std::same_as<I, bool>)
  NestedData(I v) : leaf_(static_cast<int64_t>(v)), is_leaf_(true) {}
  NestedData(std::initializer_list<NestedData> items) : items_(items) {}

  bool is_leaf() const { return is_leaf_; }
  const Scalar& leaf() const { return leaf_; }
  const std::vector<NestedData>& items() const { return items_; }

 private:
  Scalar leaf_;
  bool is_leaf_ = false;
  std::vector<NestedData> items_;
};

Tensor from_nested(const NestedData& data);

// The elements in row-major order, converted to T (see astype for the rules).
template <class T> std::vector<T> to_vector(const Tensor& x);

}  // namespace fx::rt
