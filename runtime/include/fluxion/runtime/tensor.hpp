// Tensor: a reference-counted handle to an fx_tensor header (tensor_abi.h).
//
// Values are immutable from the language's point of view; the runtime writes into a tensor's
// storage only when it was just allocated, or when the handle is the only one left
// (is_unique) — that is how `x[i] = v` in a loop runs in linear time.
#pragma once
#include <cstdint>
#include <span>

#include "fluxion/runtime/dtype.hpp"
#include "fluxion/runtime/error.hpp"
#include "fluxion/runtime/scalar.hpp"
#include "fluxion/runtime/shape.hpp"
#include "fluxion/runtime/tensor_abi.h"

namespace fx::rt {

class Tensor {
 public:
  Tensor() noexcept = default;  // an empty handle: defined() is false
  Tensor(const Tensor& other) noexcept;
  Tensor(Tensor&& other) noexcept : h_(other.h_) { other.h_ = nullptr; }
  Tensor& operator=(const Tensor& other) noexcept;
  Tensor& operator=(Tensor&& other) noexcept;
  ~Tensor();

  // A new contiguous tensor whose elements are unspecified (to be written by the caller) or zero.
  static Tensor empty(DType dtype, const Shape& shape);
  static Tensor zeroed(DType dtype, const Shape& shape);

  // A tensor over memory the runtime does not own (an embedding host's array, docs/embedding.md):
  // a view hanging off an anchor header that owns no storage, so it is never is_unique() and the
  // runtime never writes through it. Strides are in elements. The caller keeps the memory alive
  // and unchanged while any handle to the tensor exists.
  static Tensor borrow(DType dtype, void* data, const Shape& shape, std::span<const int64_t> strides);
  // Is the storage borrowed (Tensor::borrow): memory that a result must not keep pointing into?
  bool is_borrowed() const;

  // Takes over one reference to `header` (C ABI interop); release() gives it back.
  static Tensor adopt(fx_tensor* header) noexcept;
  fx_tensor* release() noexcept;
  fx_tensor* header() const;

  bool defined() const noexcept { return h_ != nullptr; }
  DType dtype() const { return static_cast<DType>(header()->dtype); }
  int rank() const { return header()->rank; }
  Shape shape() const;
  int64_t dim(int axis) const;  // negative axes count from the end
  int64_t numel() const { return header()->size; }
  std::span<const int64_t> strides() const;  // in elements

  // Row-major with no gaps (size-1 axes may have any stride): data() covers numel() elements.
  bool is_contiguous() const;
  // Only this handle refers to the header, and the header owns its storage: writes through this
  // handle are invisible to everyone else. O(1).
  bool is_unique() const noexcept;
  bool owns_storage() const { return header()->base == nullptr; }

  // The element at index (0, ..., 0). Typed access checks the dtype (TensorError on mismatch).
  void* raw_data() const { return header()->data; }
  template <class T> T* data() const {
    check_dtype(dtype_of<T>);
    return static_cast<T*>(header()->data);
  }

  // A view with the given geometry over this tensor's storage (strides in elements, offset of the
  // first element from data()). The caller guarantees every index stays inside the storage.
  Tensor view(const Shape& shape, std::span<const int64_t> strides, int64_t offset) const;

  // The only element of a one-element tensor (any rank); TensorError otherwise.
  Scalar item() const;

 private:
  explicit Tensor(fx_tensor* header) noexcept : h_(header) {}
  void check_dtype(DType expected) const;

  fx_tensor* h_ = nullptr;
};

// A rank-0 tensor holding `value`.
Tensor scalar_tensor(Scalar value);

}  // namespace fx::rt
