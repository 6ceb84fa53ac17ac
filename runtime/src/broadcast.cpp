#include "fluxion/runtime/broadcast.hpp"

#include <algorithm>

#include "pairwise_sum.hpp"
#include "strided_loop.hpp"

namespace fx::rt {

namespace {
// The broadcast of a and b, or false when some pair of extents is incompatible.
bool try_broadcast(const Shape& a, const Shape& b, Shape& out) {
  int rank = std::max(a.rank(), b.rank());
  out = Shape();
  for (int i = 0; i < rank; ++i) {
    int ia = i - (rank - a.rank()), ib = i - (rank - b.rank());
    int64_t da = ia >= 0 ? a[ia] : 1, db = ib >= 0 ? b[ib] : 1;
    if (da != db && da != 1 && db != 1) return false;
    out.push_back(da == 1 ? db : da);
  }
  return true;
}
}  // namespace

Shape broadcast_shapes(const Shape& a, const Shape& b) {
  Shape out;
  if (!try_broadcast(a, b, out))
    tensor_error("cannot broadcast shapes " + to_string(a) + " and " + to_string(b));
  return out;
}

bool broadcasts_to(const Shape& from, const Shape& to) {
  Shape joint;
  return try_broadcast(from, to, joint) && joint == to;
}

Tensor broadcast_to(const Tensor& x, const Shape& shape) {
  Shape xs = x.shape(), joint;
  if (!try_broadcast(xs, shape, joint) || !(joint == shape))
    tensor_error("cannot broadcast shape " + to_string(xs) + " to " + to_string(shape));
  if (xs == shape) return x;
  int64_t strides[FX_MAX_RANK] = {};
  int lead = shape.rank() - xs.rank();
  for (int i = 0; i < xs.rank(); ++i)
    strides[lead + i] = xs[i] == 1 && shape[lead + i] != 1 ? 0 : x.strides()[i];
  return x.view(shape, {strides, static_cast<size_t>(shape.rank())}, 0);
}

Tensor sum_to_shape(const Tensor& x, const Shape& shape) {
  Shape xs = x.shape(), joint;
  if (!try_broadcast(shape, xs, joint) || !(joint == xs))
    tensor_error("sum_to_shape: shape " + to_string(shape) + " does not broadcast to " +
                 to_string(xs));
  if (xs == shape) return x;
  if (x.dtype() == DType::Bool) tensor_error("sum_to_shape: bool tensors cannot be summed");
  Tensor out = Tensor::zeroed(x.dtype(), shape);
  // Read `out` as broadcast over x's index space: each x element accumulates into the out element
  // it was broadcast from.
  detail::LoopOperand acc = detail::broadcast_operand(out, xs);
  visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, bool>) {
      detail::for_each_run<2>(xs, {acc, detail::operand(x)}, [](auto p, auto s, int64_t n) {
        if constexpr (std::is_floating_point_v<T>) {
          if (s[0] == 0) {  // a run summed into one element (a bias's gradient)
            detail::at<T>(p[0], 0, 0) += static_cast<T>(detail::pairwise_sum<T>(p[1], s[1], n));
            return;
          }
          if (s[0] == sizeof(T) && s[1] == sizeof(T)) {  // contiguous runs: a vectorised loop
            T* dst = reinterpret_cast<T*>(p[0]);
            const T* src = reinterpret_cast<const T*>(p[1]);
            for (int64_t i = 0; i < n; ++i) dst[i] += src[i];
            return;
          }
        }
        for (int64_t i = 0; i < n; ++i) {
          T& dst = detail::at<T>(p[0], s[0], i);
          T v = detail::at<T>(p[1], s[1], i);
          if constexpr (std::is_same_v<T, int64_t>)
            dst = static_cast<int64_t>(static_cast<uint64_t>(dst) + static_cast<uint64_t>(v));
          else
            dst += v;
        }
      });
    }
  });
  return out;
}

}  // namespace fx::rt
