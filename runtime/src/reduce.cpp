// Reductions: each output element reduces one strided line of the input (the reduced axis); the
// line kernels are written once per op over the element type.
#include "fluxion/runtime/reduce.hpp"

#include <cmath>
#include <limits>

#include "fluxion/runtime/convert.hpp"
#include "pairwise_sum.hpp"
#include "strided_loop.hpp"
#include "tensor_internal.hpp"

namespace fx::rt {

namespace {

using detail::at;
using detail::pairwise_sum;

// The dtype the input is converted to before reducing.
DType compute_dtype(ReduceOp op, DType x) {
  switch (op) {
    case ReduceOp::Sum:
    case ReduceOp::Prod: return x == DType::Bool ? DType::I64 : x;
    case ReduceOp::Mean: return is_float(x) ? x : DType::F64;
    case ReduceOp::Max:
    case ReduceOp::Min:
    case ReduceOp::ArgMax:
    case ReduceOp::ArgMin: return x;
    case ReduceOp::LogSumExp:
    case ReduceOp::Norm:
      if (x == DType::Bool)
        tensor_error(std::string(op_name(op)) + ": expected a numeric tensor, got bool");
      return is_float(x) ? x : DType::F64;
  }
  return x;
}

bool needs_nonempty(ReduceOp op) {
  switch (op) {
    case ReduceOp::Max:
    case ReduceOp::Min:
    case ReduceOp::ArgMax:
    case ReduceOp::ArgMin: return true;
    case ReduceOp::Sum:
    case ReduceOp::Mean:
    case ReduceOp::Prod:
    case ReduceOp::LogSumExp:
    case ReduceOp::Norm: return false;
  }
  return false;
}

template <class T> T extreme(char* p, int64_t s, int64_t n, bool want_max) {
  T best = at<T>(p, s, 0);
  for (int64_t i = 0; i < n; ++i) {
    T v = at<T>(p, s, i);
    if constexpr (std::is_floating_point_v<T>)
      if (v != v) return v;
    if (want_max ? v > best : v < best) best = v;
  }
  return best;
}

template <class T> int64_t arg_extreme(char* p, int64_t s, int64_t n, bool want_max) {
  int64_t best_i = 0;
  T best = at<T>(p, s, 0);
  for (int64_t i = 0; i < n; ++i) {
    T v = at<T>(p, s, i);
    if constexpr (std::is_floating_point_v<T>)
      if (v != v) return i;
    if (want_max ? v > best : v < best) {
      best = v;
      best_i = i;
    }
  }
  return best_i;
}

// Reduces the line p[0], p[s], ..., p[(n-1)s] and stores the result at `out`.
template <class T> void reduce_line(ReduceOp op, char* p, int64_t s, int64_t n, char* out) {
  auto put = [out](auto v) { *reinterpret_cast<decltype(v)*>(out) = v; };
  switch (op) {
    case ReduceOp::Sum:
      if constexpr (std::is_same_v<T, int64_t>) {
        uint64_t acc = 0;
        for (int64_t i = 0; i < n; ++i) acc += static_cast<uint64_t>(at<T>(p, s, i));
        put(static_cast<int64_t>(acc));
      } else if constexpr (std::is_floating_point_v<T>) {
        put(static_cast<T>(pairwise_sum<T>(p, s, n)));
      }
      return;
    case ReduceOp::Prod:
      if constexpr (std::is_same_v<T, int64_t>) {
        uint64_t acc = 1;
        for (int64_t i = 0; i < n; ++i) acc *= static_cast<uint64_t>(at<T>(p, s, i));
        put(static_cast<int64_t>(acc));
      } else if constexpr (std::is_floating_point_v<T>) {
        double acc = 1;
        for (int64_t i = 0; i < n; ++i) acc *= at<T>(p, s, i);
        put(static_cast<T>(acc));
      }
      return;
    case ReduceOp::Mean:
      if constexpr (std::is_floating_point_v<T>)
        put(static_cast<T>(pairwise_sum<T>(p, s, n) / static_cast<double>(n)));
      return;
    case ReduceOp::Max: put(extreme<T>(p, s, n, true)); return;
    case ReduceOp::Min: put(extreme<T>(p, s, n, false)); return;
    case ReduceOp::ArgMax: put(arg_extreme<T>(p, s, n, true)); return;
    case ReduceOp::ArgMin: put(arg_extreme<T>(p, s, n, false)); return;
    case ReduceOp::LogSumExp:
      if constexpr (std::is_floating_point_v<T>) {
        if (n == 0) {
          put(-std::numeric_limits<T>::infinity());
          return;
        }
        double m = extreme<T>(p, s, n, true);
        if (!std::isfinite(m)) {  // NaN, or +inf (the sum is inf), or all -inf (the sum is 0)
          put(static_cast<T>(m));
          return;
        }
        double acc = 0;
        for (int64_t i = 0; i < n; ++i) acc += std::exp(static_cast<double>(at<T>(p, s, i)) - m);
        put(static_cast<T>(m + std::log(acc)));
      }
      return;
    case ReduceOp::Norm:
      if constexpr (std::is_floating_point_v<T>) {
        double acc = 0;
        for (int64_t i = 0; i < n; ++i) {
          double v = at<T>(p, s, i);
          acc += v * v;
        }
        put(static_cast<T>(std::sqrt(acc)));
      }
      return;
  }
}

}  // namespace

const char* op_name(ReduceOp op) {
  switch (op) {
#define FX_REDUCE_OP(Name, name) \
  case ReduceOp::Name: return #name;
#include "fluxion/runtime/reduce_ops.def"
  }
  return "?";
}

std::optional<ReduceOp> reduce_op_named(std::string_view name) {
#define FX_REDUCE_OP(Name, name_) \
  if (name == #name_) return ReduceOp::Name;
#include "fluxion/runtime/reduce_ops.def"
  return std::nullopt;
}

DType result_dtype(ReduceOp op, DType x) {
  switch (op) {
    case ReduceOp::ArgMax:
    case ReduceOp::ArgMin: return DType::I64;
    case ReduceOp::Sum:
    case ReduceOp::Mean:
    case ReduceOp::Prod:
    case ReduceOp::Max:
    case ReduceOp::Min:
    case ReduceOp::LogSumExp:
    case ReduceOp::Norm: return compute_dtype(op, x);
  }
  return x;
}

int normalize_axis(int64_t axis, int rank) {
  int64_t a = axis < 0 ? axis + rank : axis;
  if (a < 0 || a >= rank)
    tensor_error("axis " + std::to_string(axis) + " is out of range for a tensor of rank " +
                 std::to_string(rank));
  return static_cast<int>(a);
}

Tensor reduce(ReduceOp op, const Tensor& x, Axis axis, bool keepdims) {
  DType compute = compute_dtype(op, x.dtype());
  Tensor in = astype(x, compute);
  const int64_t size = itemsize(compute);
  Shape outer;
  detail::LoopOperand line_starts{static_cast<char*>(in.raw_data()), {}};
  int64_t n, line_stride;
  int ax = 0;
  if (!axis) {
    in = contiguous(in);
    line_starts.base = static_cast<char*>(in.raw_data());
    n = in.numel();
    line_stride = size;
  } else {
    ax = normalize_axis(*axis, x.rank());
    n = in.dim(ax);
    line_stride = in.strides()[ax] * size;
    for (int i = 0; i < in.rank(); ++i) {
      if (i == ax) continue;
      line_starts.strides[outer.rank()] = in.strides()[i] * size;
      outer.push_back(in.dim(i));
    }
  }
  if (n == 0 && needs_nonempty(op) && outer.numel() > 0)
    tensor_error(std::string(op_name(op)) + ": cannot reduce an empty " +
                 (axis ? "axis " + std::to_string(*axis) + " of a tensor of shape "
                       : std::string("tensor of shape ")) +
                 to_string(x.shape()));
  Tensor out = Tensor::empty(result_dtype(op, x.dtype()), outer);
  visit_dtype(compute, [&](auto tag) {
    using T = typename decltype(tag)::type;
    detail::for_each_run<2>(outer, {detail::operand(out), line_starts},
                            [&](auto p, auto s, int64_t m) {
                              for (int64_t j = 0; j < m; ++j)
                                reduce_line<T>(op, p[1] + j * s[1], line_stride, n,
                                               p[0] + j * s[0]);
                            });
  });
  if (!keepdims) return out;
  Shape kept = x.shape();
  if (axis) kept[ax] = 1;
  else for (int i = 0; i < kept.rank(); ++i) kept[i] = 1;
  detail::set_contiguous_shape(out, kept);
  return out;
}

#define FX_REDUCE_OP(Name, name) \
  Tensor name(const Tensor& x, Axis axis, bool keepdims) { return reduce(ReduceOp::Name, x, axis, keepdims); }
#include "fluxion/runtime/reduce_ops.def"

}  // namespace fx::rt
