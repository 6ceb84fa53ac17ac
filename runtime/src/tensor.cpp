// Tensor storage: allocation of headers (with inline storage or as views), reference counting.
#include "fluxion/runtime/tensor.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>

#include "fluxion/runtime/memory.hpp"
#include "tensor_internal.hpp"

namespace fx::rt {

namespace {

// Storage starts after the header, at the next multiple of 64 bytes: blocks are 64-byte
// aligned (storage_cache.cpp), so the data is too.
constexpr size_t kDataOffset = (sizeof(fx_tensor) + 63) / 64 * 64;
// Three cache lines: a scalar's block (header and its 8 bytes) is one 256-byte size class.
static_assert(kDataOffset == 192, "the fx_tensor header grew past three cache lines");

// An owning header and its storage are one block of the storage cache.
int64_t block_bytes(const fx_tensor* h) { return static_cast<int64_t>(kDataOffset) + h->nbytes; }

void retain_header(fx_tensor* h) noexcept {
  std::atomic_ref<int64_t>(h->refcount).fetch_add(1, std::memory_order_relaxed);
}

void release_header(fx_tensor* h) noexcept {
  while (h != nullptr &&
         std::atomic_ref<int64_t>(h->refcount).fetch_sub(1, std::memory_order_acq_rel) == 1) {
    fx_tensor* base = h->base;
    if (base == nullptr && h->nbytes >= 0) detail::give_block(h, block_bytes(h));
    else detail::give_header(h);  // a view header (Tensor::view) or the anchor of borrowed storage
    h = base;  // a view held one reference to its owner
  }
}

std::string describe(DType dtype, const Shape& shape) {
  return std::string(dtype == DType::Bool ? "a " : "an ") + dtype_name(dtype) + " tensor of shape " +
         to_string(shape);
}

fx_tensor* allocate_owned(DType dtype, const Shape& shape, bool zero) {
  const int64_t n = shape.numel();  // checks negative extents and overflow
  const int64_t bytes = detail::checked_nbytes(dtype, shape);
  // The message names the tensor; it is only built when the check fails (this runs for every
  // kernel's result).
  if (bytes < 0 || bytes > allocation_limit()) check_allocation(bytes, describe(dtype, shape));
  void* mem = detail::take_block(static_cast<int64_t>(kDataOffset) + bytes);
  if (mem == nullptr)
    tensor_error("cannot allocate " + std::to_string(bytes) + " bytes for " +
                 describe(dtype, shape) + ": out of memory");
  auto* h = static_cast<fx_tensor*>(mem);
  std::memset(h, 0, sizeof(fx_tensor));
  // Only a zeroed tensor is zero-filled: every other result is overwritten by its kernel.
  if (zero) std::memset(static_cast<char*>(mem) + kDataOffset, 0, static_cast<size_t>(bytes));
  h->refcount = 1;
  h->dtype = static_cast<int32_t>(dtype);
  h->rank = shape.rank();
  h->size = n;
  int64_t stride = 1;
  for (int i = shape.rank() - 1; i >= 0; --i) {
    h->shape[i] = shape[i];
    h->strides[i] = stride;
    stride *= shape[i] == 0 ? 1 : shape[i];
  }
  h->data = static_cast<char*>(mem) + kDataOffset;
  h->base = nullptr;
  h->nbytes = bytes;
  detail::count_allocation(bytes);
  return h;
}

}  // namespace

Tensor::Tensor(const Tensor& other) noexcept : h_(other.h_) {
  if (h_) retain_header(h_);
}

Tensor& Tensor::operator=(const Tensor& other) noexcept {
  if (other.h_) retain_header(other.h_);
  release_header(h_);
  h_ = other.h_;
  return *this;
}

Tensor& Tensor::operator=(Tensor&& other) noexcept {
  if (this != &other) {
    release_header(h_);
    h_ = other.h_;
    other.h_ = nullptr;
  }
  return *this;
}

Tensor::~Tensor() { release_header(h_); }

Tensor Tensor::empty(DType dtype, const Shape& shape) {
  return Tensor(allocate_owned(dtype, shape, false));
}

Tensor Tensor::zeroed(DType dtype, const Shape& shape) {
  return Tensor(allocate_owned(dtype, shape, true));
}

Tensor Tensor::borrow(DType dtype, void* data, const Shape& shape, std::span<const int64_t> strides) {
  if (strides.size() != static_cast<size_t>(shape.rank()))
    tensor_error("a borrowed tensor needs one stride per axis");
  // The anchor stands for the host's memory: no data, no shape, nbytes -1 (release_header frees
  // only the header). Views of the borrowed tensor hang off it like views of an owned one.
  fx_tensor* anchor = detail::take_header();
  if (anchor == nullptr) tensor_error("cannot allocate a tensor header: out of memory");
  anchor->refcount = 1;
  anchor->dtype = static_cast<int32_t>(dtype);
  anchor->nbytes = -1;
  Tensor owner(anchor);
  owner.header()->data = data;  // view() computes the first element from it
  Tensor t = owner.view(shape, strides, 0);
  anchor->data = nullptr;
  return t;
}

bool Tensor::is_borrowed() const {
  const fx_tensor* h = header();
  return (h->base ? h->base : h)->nbytes < 0;
}

Tensor Tensor::adopt(fx_tensor* header) noexcept { return Tensor(header); }

fx_tensor* Tensor::release() noexcept {
  fx_tensor* h = h_;
  h_ = nullptr;
  return h;
}

fx_tensor* Tensor::header() const {
  if (h_ == nullptr) tensor_error("use of an empty tensor handle");
  return h_;
}

Shape Tensor::shape() const {
  const fx_tensor* h = header();
  return Shape(std::span<const int64_t>(h->shape, static_cast<size_t>(h->rank)));
}

int64_t Tensor::dim(int axis) const {
  const fx_tensor* h = header();
  int a = axis < 0 ? axis + h->rank : axis;
  if (a < 0 || a >= h->rank)
    tensor_error("axis " + std::to_string(axis) + " is out of range for a tensor of rank " +
                 std::to_string(h->rank));
  return h->shape[a];
}

std::span<const int64_t> Tensor::strides() const {
  const fx_tensor* h = header();
  return {h->strides, static_cast<size_t>(h->rank)};
}

bool Tensor::is_contiguous() const {
  const fx_tensor* h = header();
  if (h->size == 0) return true;
  int64_t expected = 1;
  for (int i = h->rank - 1; i >= 0; --i) {
    if (h->shape[i] != 1 && h->strides[i] != expected) return false;
    expected *= h->shape[i];
  }
  return true;
}

bool Tensor::is_unique() const noexcept {
  return h_ != nullptr && h_->base == nullptr &&
         std::atomic_ref<int64_t>(h_->refcount).load(std::memory_order_acquire) == 1;
}

Tensor Tensor::view(const Shape& shape, std::span<const int64_t> strides, int64_t offset) const {
  fx_tensor* owner = header();
  char* first = static_cast<char*>(owner->data) + offset * itemsize(dtype());
  if (owner->base != nullptr) owner = owner->base;  // views always hang off the storage owner
  fx_tensor* h = detail::take_header();
  if (h == nullptr) tensor_error("cannot allocate a tensor view: out of memory");
  h->refcount = 1;
  h->dtype = header()->dtype;
  h->rank = shape.rank();
  h->size = shape.numel();
  for (int i = 0; i < shape.rank(); ++i) {
    h->shape[i] = shape[i];
    h->strides[i] = strides[i];
  }
  h->data = first;
  h->base = owner;
  h->nbytes = 0;
  retain_header(owner);
  return Tensor(h);
}

Scalar Tensor::item() const {
  if (numel() != 1)
    tensor_error("expected a tensor with one element, got shape " + to_string(shape()));
  return Scalar::load(dtype(), raw_data());
}

void Tensor::check_dtype(DType expected) const {
  if (dtype() != expected)
    tensor_error(std::string("expected a ") + dtype_name(expected) + " tensor, got " +
                 dtype_name(dtype()));
}

Tensor scalar_tensor(Scalar value) {
  Tensor t = Tensor::empty(value.dtype(), Shape{});
  value.store(value.dtype(), t.raw_data());
  return t;
}

}  // namespace fx::rt

namespace fx::rt::detail {

int64_t checked_nbytes(DType dtype, const Shape& shape) {
  int64_t span = itemsize(dtype);
  for (int64_t d : shape)
    if (d > 0 && __builtin_mul_overflow(span, d, &span))
      tensor_error("cannot allocate " + describe(dtype, shape) + ": the byte count overflows");
  return shape.numel() == 0 ? 0 : span;
}

void set_contiguous_shape(Tensor& t, const Shape& shape) {
  fx_tensor* h = t.header();
  if (!t.is_unique() || !t.is_contiguous() || shape.numel() != h->size)
    tensor_error("internal error: set_contiguous_shape needs a fresh tensor of the same size");
  checked_nbytes(t.dtype(), shape);  // its strides fit
  h->rank = shape.rank();
  int64_t stride = 1;
  for (int i = FX_MAX_RANK - 1; i >= 0; --i) {
    if (i >= shape.rank()) {
      h->shape[i] = 0;
      h->strides[i] = 0;
      continue;
    }
    h->shape[i] = shape[i];
    h->strides[i] = stride;
    stride *= shape[i] == 0 ? 1 : shape[i];
  }
}

}  // namespace fx::rt::detail
