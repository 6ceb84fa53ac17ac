// Advanced indexing along one axis (gather.hpp): contiguous copies and byte loops.
#include "fluxion/runtime/gather.hpp"

#include <cstring>
#include <string>
#include <vector>

#include "fluxion/runtime/broadcast.hpp"
#include "fluxion/runtime/convert.hpp"
#include "fluxion/runtime/error.hpp"
#include "fluxion/runtime/shape_ops.hpp"

namespace fx::rt {

namespace {

int64_t product(const Shape& s, int from, int to) {
  int64_t n = 1;
  for (int a = from; a < to; ++a) n *= s[a];
  return n;
}

void check_axis(const Tensor& x, int axis, int span, const char* what) {
  if (axis < 0 || axis + span > x.rank())
    tensor_error(std::string(what) + ": axis " + std::to_string(axis) + " is out of range for a tensor of shape " +
                      to_string(x.shape()));
}

// idx as contiguous i64 values in [0, n), negative ones wrapped.
std::vector<int64_t> positions(const Tensor& idx, int64_t n, int axis) {
  if (idx.dtype() != DType::I64)
    tensor_error("an index array must hold integers, found " + std::string(dtype_name(idx.dtype())));
  Tensor c = contiguous(idx);
  const int64_t* p = static_cast<const int64_t*>(c.raw_data());
  std::vector<int64_t> out(static_cast<size_t>(c.numel()));
  for (size_t k = 0; k < out.size(); ++k) {
    int64_t i = p[k];
    if (i < -n || i >= n)
      tensor_error("index " + std::to_string(i) + " is out of range for axis " + std::to_string(axis) +
                        " of size " + std::to_string(n));
    out[k] = i < 0 ? i + n : i;
  }
  return out;
}

Shape taken_shape(const Shape& xs, const Shape& is, int axis) {
  Shape out;
  for (int a = 0; a < axis; ++a) out.push_back(xs[a]);
  for (int a = 0; a < is.rank(); ++a) out.push_back(is[a]);
  for (int a = axis + 1; a < xs.rank(); ++a) out.push_back(xs[a]);
  return out;
}

template <class T>
void add_rows(char* dst, const char* src, int64_t count) {
  T* d = reinterpret_cast<T*>(dst);
  const T* s = reinterpret_cast<const T*>(src);
  for (int64_t k = 0; k < count; ++k) d[k] += s[k];
}

// x (outer, n, inner) with rows pos[j] of each outer block set to / increased by v's (outer, m, inner).
Tensor put_positions(Tensor x, const std::vector<int64_t>& pos, int axis, const Shape& region, const Tensor& value,
                     bool add) {
  if (add && x.dtype() == DType::Bool) tensor_error("cannot add into a bool tensor");
  if (!broadcasts_to(value.shape(), region))
    tensor_error("cannot assign a tensor of shape " + to_string(value.shape()) + " to an indexed region of shape " +
                      to_string(region));
  if (is_float(value.dtype()) && !is_float(x.dtype()))
    tensor_error(std::string("cannot assign ") + dtype_name(value.dtype()) + " values into a tensor of dtype " +
                 dtype_name(x.dtype()));
  Tensor v = contiguous(broadcast_to(astype(value, x.dtype()), region));
  if (!x.is_unique() || !x.is_contiguous()) x = copy(x);
  const Shape& xs = x.shape();
  const int64_t outer = product(xs, 0, axis), n = xs[axis], inner = product(xs, axis + 1, xs.rank());
  const int64_t m = static_cast<int64_t>(pos.size());
  const size_t item = static_cast<size_t>(itemsize(x.dtype()));
  char* xd = static_cast<char*>(x.raw_data());
  const char* vd = static_cast<const char*>(v.raw_data());
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t j = 0; j < m; ++j) {
      char* dst = xd + ((o * n + pos[static_cast<size_t>(j)]) * inner) * item;
      const char* src = vd + ((o * m + j) * inner) * item;
      if (!add) {
        std::memcpy(dst, src, static_cast<size_t>(inner) * item);
        continue;
      }
      switch (x.dtype()) {
        case DType::F64: add_rows<double>(dst, src, inner); break;
        case DType::F32: add_rows<float>(dst, src, inner); break;
        case DType::I64: add_rows<int64_t>(dst, src, inner); break;
        case DType::Bool: break;
      }
    }
  return x;
}

// x with axes [axis, axis + span) merged into one (a contiguous copy when needed).
Tensor merged(const Tensor& x, int axis, int span) {
  Shape s;
  const Shape& xs = x.shape();
  for (int a = 0; a < axis; ++a) s.push_back(xs[a]);
  s.push_back(product(xs, axis, axis + span));
  for (int a = axis + span; a < xs.rank(); ++a) s.push_back(xs[a]);
  return reshape(contiguous(x), s);
}

void check_mask(const Tensor& x, const Tensor& mask, int axis) {
  if (mask.dtype() != DType::Bool) tensor_error("a mask must be a bool tensor");
  check_axis(x, axis, mask.rank(), "boolean index");
  for (int a = 0; a < mask.rank(); ++a)
    if (mask.dim(a) != x.dim(axis + a))
      tensor_error("boolean index of shape " + to_string(mask.shape()) + " does not match the indexed axes of " +
                        "a tensor of shape " + to_string(x.shape()));
}

}  // namespace

Tensor take(const Tensor& x, const Tensor& idx, int axis) {
  check_axis(x, axis, 1, "take");
  std::vector<int64_t> pos = positions(idx, x.dim(axis), axis);
  Tensor xc = contiguous(x);
  const Shape& xs = xc.shape();
  Tensor out = Tensor::empty(x.dtype(), taken_shape(xs, idx.shape(), axis));
  const int64_t outer = product(xs, 0, axis), n = xs[axis], inner = product(xs, axis + 1, xs.rank());
  const int64_t m = static_cast<int64_t>(pos.size());
  const size_t bytes = static_cast<size_t>(inner * itemsize(x.dtype()));
  const char* src = static_cast<const char*>(xc.raw_data());
  char* dst = static_cast<char*>(out.raw_data());
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t j = 0; j < m; ++j)
      if (bytes) std::memcpy(dst + (o * m + j) * bytes, src + (o * n + pos[static_cast<size_t>(j)]) * bytes, bytes);
  return out;
}

Tensor flatnonzero(const Tensor& mask) {
  if (mask.dtype() != DType::Bool) tensor_error("a mask must be a bool tensor");
  Tensor c = contiguous(mask);
  const bool* p = static_cast<const bool*>(c.raw_data());
  std::vector<int64_t> out;
  for (int64_t k = 0; k < c.numel(); ++k)
    if (p[k]) out.push_back(k);
  Tensor t = Tensor::empty(DType::I64, Shape({static_cast<int64_t>(out.size())}));
  if (!out.empty()) std::memcpy(t.raw_data(), out.data(), out.size() * sizeof(int64_t));
  return t;
}

Tensor mask_select(const Tensor& x, const Tensor& mask, int axis) {
  check_mask(x, mask, axis);
  return take(merged(x, axis, mask.rank()), flatnonzero(mask), axis);
}

Tensor put(Tensor x, const Tensor& idx, int axis, const Tensor& value, bool add) {
  check_axis(x, axis, 1, "indexed update");
  std::vector<int64_t> pos = positions(idx, x.dim(axis), axis);
  Shape region = taken_shape(x.shape(), idx.shape(), axis);
  // The rows of the region in (outer, count, inner) order: value broadcast to the region, then
  // read with idx flattened.
  if (!broadcasts_to(value.shape(), region))
    tensor_error("cannot assign a tensor of shape " + to_string(value.shape()) + " to an indexed region of shape " +
                      to_string(region));
  Shape flat = taken_shape(x.shape(), Shape({static_cast<int64_t>(pos.size())}), axis);
  Tensor v = reshape(contiguous(broadcast_to(value, region)), flat);
  return put_positions(std::move(x), pos, axis, flat, v, add);
}

Tensor mask_put(Tensor x, const Tensor& mask, int axis, const Tensor& value, bool add) {
  check_mask(x, mask, axis);
  Shape original = x.shape();
  Tensor idx = flatnonzero(mask);
  Tensor m = merged(x, axis, mask.rank());
  x = Tensor();  // so that m may be the only owner
  Tensor updated = put(std::move(m), idx, axis, value, add);
  return reshape(contiguous(updated), original);
}

}  // namespace fx::rt
