// Shapes: up to FX_MAX_RANK extents, stored inline (no allocation), printed as Python tuples.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>

#include "fluxion/runtime/tensor_abi.h"

namespace fx::rt {

class Shape {
 public:
  static constexpr int kMaxRank = FX_MAX_RANK;

  Shape() = default;  // rank 0: the shape of a scalar tensor
  Shape(std::initializer_list<int64_t> dims);
  explicit Shape(std::span<const int64_t> dims);

  int rank() const { return rank_; }
  int64_t operator[](int axis) const { return dims_[axis]; }
  int64_t& operator[](int axis) { return dims_[axis]; }
  const int64_t* begin() const { return dims_; }
  const int64_t* end() const { return dims_ + rank_; }
  const int64_t* data() const { return dims_; }
  std::span<const int64_t> dims() const& { return {dims_, static_cast<size_t>(rank_)}; }
  // The extents live inside the Shape: a span of a temporary Shape (`t.shape().dims()`) dangles
  // as soon as the full expression ends, e.g. in a range-for. Name the Shape first.
  std::span<const int64_t> dims() const&& = delete;

  void push_back(int64_t dim);  // TensorError past kMaxRank
  void insert(int axis, int64_t dim);
  void erase(int axis);

  // Product of the extents; TensorError when an extent is negative or the product of the
  // non-zero extents overflows (as NumPy: so that row-major strides always fit).
  int64_t numel() const;

  bool operator==(const Shape& other) const;

 private:
  int rank_ = 0;
  int64_t dims_[kMaxRank] = {};
};

// "(3, 2)", "(4,)", "()" — as Python prints a shape tuple.
std::string to_string(const Shape& shape);

}  // namespace fx::rt
