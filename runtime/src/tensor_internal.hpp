// Runtime-internal operations on tensor headers.
#pragma once
#include "fluxion/runtime/tensor.hpp"

namespace fx::rt::detail {

// Gives a freshly allocated (unique, contiguous) tensor another shape with the same element count,
// without a view: the result stays unique, so later in-place updates need no copy.
void set_contiguous_shape(Tensor& t, const Shape& shape);

// The byte count of a contiguous tensor of `shape`. TensorError (as NumPy) when the element
// count overflows, or the itemsize times the non-zero extents does even for an empty tensor:
// every element and byte stride of a tensor of this shape then fits in i64.
int64_t checked_nbytes(DType dtype, const Shape& shape);

// Adds to allocated_bytes() (memory.hpp): called for every tensor storage allocated.
void count_allocation(int64_t bytes);

// A block of at least `bytes` bytes, 64-byte aligned, from the storage cache (storage_cache.cpp)
// or the OS; nullptr when neither has one. Its contents are unspecified.
void* take_block(int64_t bytes);
// Gives back a block that take_block(bytes) returned, for reuse (same `bytes`).
void give_block(void* block, int64_t bytes);

// A zeroed header that owns no storage (a view's, or the anchor of borrowed storage), from
// this thread's free list of them or the system (header_pool.cpp); nullptr when out of memory.
fx_tensor* take_header();
// Frees a header that take_header() returned, for reuse.
void give_header(fx_tensor* h);

}  // namespace fx::rt::detail

namespace fx::rt::detail {

// Writes src (broadcast to dst's shape, converted to dst's dtype) into the elements of dst, which
// is a freshly made tensor or a view into one (the caller owns the storage exclusively).
void assign(const Tensor& dst, const Tensor& src);

}  // namespace fx::rt::detail
