// Indexing with NumPy's basic semantics (integers and slices), and functional updates that write
// in place when the updated tensor is uniquely owned.
#pragma once
#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>

#include "fluxion/runtime/tensor.hpp"

namespace fx::rt {

// start:stop:step with Python's defaults and clamping; step 0 is a TensorError.
struct Slice {
  Slice() = default;
  Slice(std::optional<int64_t> start, std::optional<int64_t> stop = std::nullopt,
        std::optional<int64_t> step = std::nullopt)
      : start(start), stop(stop), step(step) {}
  static Slice all() { return {}; }

  std::optional<int64_t> start, stop, step;
};

// The elements a slice selects from an axis of extent n: start, start + step, ... (length values).
struct SliceRange {
  int64_t start, step, length;
};
SliceRange resolve(const Slice& s, int64_t n);

// One entry of an index expression: an integer (negative counts from the end) or a slice.
class IndexItem {
 public:
  template <std::integral I>
    requires(!std::same_as<I, bool>)
  IndexItem(I i) : is_slice_(false), index_(static_cast<int64_t>(i)) {}
  IndexItem(Slice s) : is_slice_(true), slice_(s) {}
  bool is_slice() const { return is_slice_; }
  int64_t index() const { return index_; }
  const Slice& slice() const { return slice_; }

 private:
  bool is_slice_;
  int64_t index_ = 0;
  Slice slice_;
};

// Up to FX_MAX_RANK items, stored inline: x[1, ::-1] is index(x, {1, Slice{{}, {}, -1}}).
// Items apply to the leading axes; the remaining axes are taken whole.
class IndexSpec {
 public:
  IndexSpec(std::initializer_list<IndexItem> items) : IndexSpec(std::span<const IndexItem>(items)) {}
  explicit IndexSpec(std::span<const IndexItem> items);
  size_t size() const { return size_; }
  const IndexItem& operator[](size_t i) const { return items_[i]; }

 private:
  size_t size_ = 0;
  IndexItem items_[FX_MAX_RANK] = {0, 0, 0, 0, 0, 0, 0, 0};
};

// Integer indices only (the common x[i] / x[i, j]), stored inline.
class Indices {
 public:
  Indices(std::initializer_list<int64_t> v) : Indices(std::span<const int64_t>(v)) {}
  explicit Indices(std::span<const int64_t> v);
  size_t size() const { return size_; }
  int64_t operator[](size_t i) const { return v_[i]; }

 private:
  size_t size_ = 0;
  int64_t v_[FX_MAX_RANK] = {};
};

// x[items]: a view (no copy). Integer items remove their axis. TensorError for an index out of
// range ("index 5 is out of range for axis 0 of size 3"), too many items, or a zero step.
Tensor index(const Tensor& x, const IndexSpec& items);

// x[i, j, ...] with one index per axis: the element itself.
Scalar get_element(const Tensor& x, const Indices& idx);

// Functional updates: x with x[items] replaced by `value` (broadcast to the indexed region,
// converted to x's dtype; a float value into an integer tensor is a TensorError). Takes x by
// value: when the caller moves its only handle in (x = set_item(std::move(x), ...)) and x owns
// its storage, the write happens in place in O(size of the region); otherwise x is copied first,
// and every other holder of the old value keeps seeing the old value.
Tensor set_item(Tensor x, const IndexSpec& items, const Tensor& value);
Tensor set_index(Tensor x, const Indices& idx, const Tensor& value);
Tensor set_index(Tensor x, const Indices& idx, Scalar value);  // O(1) when unique and full rank
Tensor set_slice(Tensor x, const IndexSpec& slices, const Tensor& value);  // = set_item

}  // namespace fx::rt
