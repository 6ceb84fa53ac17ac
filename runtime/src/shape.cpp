#include "fluxion/runtime/shape.hpp"

#include "fluxion/runtime/error.hpp"

namespace fx::rt {

static void check_rank(size_t rank) {
  if (rank > static_cast<size_t>(Shape::kMaxRank))
    tensor_error("rank " + std::to_string(rank) + " exceeds the maximum rank " +
                 std::to_string(Shape::kMaxRank));
}

Shape::Shape(std::initializer_list<int64_t> dims) : Shape(std::span<const int64_t>(dims)) {}

Shape::Shape(std::span<const int64_t> dims) {
  check_rank(dims.size());
  rank_ = static_cast<int>(dims.size());
  for (int i = 0; i < rank_; ++i) dims_[i] = dims[i];
}

void Shape::push_back(int64_t dim) {
  check_rank(static_cast<size_t>(rank_) + 1);
  dims_[rank_++] = dim;
}

void Shape::insert(int axis, int64_t dim) {
  check_rank(static_cast<size_t>(rank_) + 1);
  for (int i = rank_; i > axis; --i) dims_[i] = dims_[i - 1];
  dims_[axis] = dim;
  ++rank_;
}

void Shape::erase(int axis) {
  for (int i = axis; i + 1 < rank_; ++i) dims_[i] = dims_[i + 1];
  dims_[--rank_] = 0;
}

int64_t Shape::numel() const {
  // As NumPy: the product of the non-zero extents must fit even when another extent is zero.
  // Row-major strides (zero extents count as one) then fit in i64 for every tensor, and the
  // answer does not depend on the order of the axes.
  int64_t n = 1;
  bool empty = false;
  for (int i = 0; i < rank_; ++i) {
    if (dims_[i] < 0)
      tensor_error("negative dimension " + std::to_string(dims_[i]) + " in shape " +
                   to_string(*this));
    if (dims_[i] == 0) {
      empty = true;
      continue;
    }
    if (__builtin_mul_overflow(n, dims_[i], &n))
      tensor_error("cannot allocate a tensor of shape " + to_string(*this) +
                   ": the element count overflows");
  }
  return empty ? 0 : n;
}

bool Shape::operator==(const Shape& other) const {
  if (rank_ != other.rank_) return false;
  for (int i = 0; i < rank_; ++i)
    if (dims_[i] != other.dims_[i]) return false;
  return true;
}

std::string to_string(const Shape& shape) {
  std::string s = "(";
  for (int i = 0; i < shape.rank(); ++i) {
    if (i > 0) s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.rank() == 1) s += ",";
  return s + ")";
}

}  // namespace fx::rt
