#include "fluxion/runtime/index.hpp"

#include <algorithm>

#include "fluxion/runtime/broadcast.hpp"
#include "fluxion/runtime/convert.hpp"
#include "tensor_internal.hpp"

namespace fx::rt {

namespace {

std::string too_many(size_t given, int rank) {
  return "too many indices: " + std::to_string(given) + " given for a tensor of rank " +
         std::to_string(rank);
}

// i normalised into [0, n), or the error the user sees for x[i].
int64_t checked_index(int64_t i, int axis, int64_t n) {
  if (i < -n || i >= n)
    tensor_error("index " + std::to_string(i) + " is out of range for axis " +
                 std::to_string(axis) + " of size " + std::to_string(n));
  return i < 0 ? i + n : i;
}

void check_assignable(DType from, DType to) {
  if (!can_assign(from, to))
    tensor_error(std::string("cannot assign ") + dtype_name(from) +
                 " values into a tensor of dtype " + dtype_name(to));
}

}  // namespace

SliceRange resolve(const Slice& s, int64_t n) {
  int64_t step = s.step.value_or(1);
  if (step == 0) tensor_error("slice step cannot be zero");
  if (step == INT64_MIN) step = -INT64_MAX;  // so that -step exists (as CPython clamps)
  // CPython's PySlice_AdjustIndices: negative bounds count from the end, then clamp.
  auto adjust = [n, step](std::optional<int64_t> v, int64_t dflt) {
    if (!v) return dflt;
    int64_t b = *v;
    if (b < 0) {
      b += n;
      if (b < 0) b = step < 0 ? -1 : 0;
    } else if (b >= n) {
      b = step < 0 ? n - 1 : n;
    }
    return b;
  };
  int64_t start = adjust(s.start, step < 0 ? n - 1 : 0);
  int64_t stop = adjust(s.stop, step < 0 ? -1 : n);
  int64_t length = 0;
  if (step > 0 && start < stop) length = (stop - start - 1) / step + 1;
  if (step < 0 && stop < start) length = (start - stop - 1) / (-step) + 1;
  return {start, step, length};
}

IndexSpec::IndexSpec(std::span<const IndexItem> items) {
  if (items.size() > FX_MAX_RANK) tensor_error(too_many(items.size(), FX_MAX_RANK));
  size_ = items.size();
  std::copy(items.begin(), items.end(), items_);
}

Indices::Indices(std::span<const int64_t> v) {
  if (v.size() > FX_MAX_RANK) tensor_error(too_many(v.size(), FX_MAX_RANK));
  size_ = v.size();
  std::copy(v.begin(), v.end(), v_);
}

Tensor index(const Tensor& x, const IndexSpec& items) {
  const int rank = x.rank();
  if (items.size() > static_cast<size_t>(rank)) tensor_error(too_many(items.size(), rank));
  Shape shape;
  int64_t strides[FX_MAX_RANK] = {};
  int64_t offset = 0;
  int out = 0;
  for (int axis = 0; axis < rank; ++axis) {
    const int64_t n = x.dim(axis), stride = x.strides()[axis];
    if (static_cast<size_t>(axis) < items.size() && !items[axis].is_slice()) {
      offset += checked_index(items[axis].index(), axis, n) * stride;
      continue;
    }
    SliceRange r = static_cast<size_t>(axis) < items.size() ? resolve(items[axis].slice(), n)
                                                            : SliceRange{0, 1, n};
    if (r.length > 0) offset += r.start * stride;
    shape.push_back(r.length);
    // With fewer than two elements the stride is never used; skipping the product avoids
    // overflow for huge steps.
    strides[out++] = r.length > 1 ? stride * r.step : stride;
  }
  return x.view(shape, {strides, static_cast<size_t>(out)}, offset);
}

Scalar get_element(const Tensor& x, const Indices& idx) {
  if (idx.size() != static_cast<size_t>(x.rank()))
    tensor_error("expected " + std::to_string(x.rank()) + " indices for a tensor of shape " +
                 to_string(x.shape()) + ", got " + std::to_string(idx.size()));
  int64_t offset = 0;
  for (int axis = 0; axis < x.rank(); ++axis)
    offset += checked_index(idx[axis], axis, x.dim(axis)) * x.strides()[axis];
  return Scalar::load(x.dtype(), static_cast<char*>(x.raw_data()) + offset * itemsize(x.dtype()));
}

Tensor set_item(Tensor x, const IndexSpec& items, const Tensor& value) {
  check_assignable(value.dtype(), x.dtype());
  {
    // Validate everything before copying or writing, so an error changes nothing.
    Tensor region = index(x, items);
    if (!broadcasts_to(value.shape(), region.shape()))
      tensor_error("cannot assign a tensor of shape " + to_string(value.shape()) +
                   " to an indexed region of shape " + to_string(region.shape()));
  }
  if (!x.is_unique()) x = copy(x);
  detail::assign(index(x, items), value);
  return x;
}

Tensor set_index(Tensor x, const Indices& idx, const Tensor& value) {
  IndexItem items[FX_MAX_RANK] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (size_t i = 0; i < idx.size(); ++i) items[i] = IndexItem(idx[i]);
  return set_item(std::move(x), IndexSpec(std::span<const IndexItem>(items, idx.size())), value);
}

Tensor set_index(Tensor x, const Indices& idx, Scalar value) {
  if (idx.size() != static_cast<size_t>(x.rank()))
    return set_index(std::move(x), idx, scalar_tensor(value));
  check_assignable(value.dtype(), x.dtype());
  int64_t element[FX_MAX_RANK];
  for (int axis = 0; axis < x.rank(); ++axis)
    element[axis] = checked_index(idx[axis], axis, x.dim(axis));
  if (!x.is_unique()) x = copy(x);
  int64_t offset = 0;
  for (int axis = 0; axis < x.rank(); ++axis) offset += element[axis] * x.strides()[axis];
  value.store(x.dtype(), static_cast<char*>(x.raw_data()) + offset * itemsize(x.dtype()));
  return x;
}

Tensor set_slice(Tensor x, const IndexSpec& slices, const Tensor& value) {
  return set_item(std::move(x), slices, value);
}

}  // namespace fx::rt
