#include "fluxion/runtime/convert.hpp"

#include <cstring>

#include "strided_loop.hpp"
#include "tensor_internal.hpp"

namespace fx::rt {

namespace detail {

LoopOperand operand(const Tensor& t) {
  LoopOperand op{static_cast<char*>(t.raw_data()), {}};
  int64_t size = itemsize(t.dtype());
  auto strides = t.strides();
  for (int i = 0; i < t.rank(); ++i) op.strides[i] = strides[i] * size;
  return op;
}

LoopOperand broadcast_operand(const Tensor& t, const Shape& out) {
  LoopOperand op{static_cast<char*>(t.raw_data()), {}};
  int64_t size = itemsize(t.dtype());
  auto strides = t.strides();
  int lead = out.rank() - t.rank();
  for (int i = 0; i < t.rank(); ++i)
    op.strides[lead + i] = t.dim(i) == 1 && out[lead + i] != 1 ? 0 : strides[i] * size;
  return op;
}

}  // namespace detail

namespace {

using detail::at;

template <class From, class To> To convert_one(From v) {
  if constexpr (std::is_same_v<To, bool>) {
    return v != From(0);
  } else if constexpr (std::is_same_v<To, int64_t> && std::is_floating_point_v<From>) {
    return Scalar(static_cast<double>(v)).to_i64();  // range-checked
  } else {
    return static_cast<To>(v);
  }
}

template <class From, class To> void convert_run(char* out, int64_t so, char* in, int64_t si,
                                                 int64_t n) {
  for (int64_t i = 0; i < n; ++i) at<To>(out, so, i) = convert_one<From, To>(at<From>(in, si, i));
}

}  // namespace

Tensor astype(const Tensor& x, DType dtype) {
  if (x.dtype() == dtype) return x;
  Tensor out = Tensor::empty(dtype, x.shape());
  visit_dtype(x.dtype(), [&](auto from) {
    visit_dtype(dtype, [&](auto to) {
      using From = typename decltype(from)::type;
      using To = typename decltype(to)::type;
      detail::for_each_run<2>(x.shape(), {detail::operand(out), detail::operand(x)},
                              [](auto p, auto s, int64_t n) {
                                convert_run<From, To>(p[0], s[0], p[1], s[1], n);
                              });
    });
  });
  return out;
}

Tensor copy(const Tensor& x) {
  Tensor out = Tensor::empty(x.dtype(), x.shape());
  const int64_t size = itemsize(x.dtype());
  detail::for_each_run<2>(x.shape(), {detail::operand(out), detail::operand(x)},
                          [size](auto p, auto s, int64_t n) {
                            if (s[0] == size && s[1] == size) {
                              std::memcpy(p[0], p[1], static_cast<size_t>(n * size));
                              return;
                            }
                            for (int64_t i = 0; i < n; ++i)
                              std::memcpy(p[0] + i * s[0], p[1] + i * s[1],
                                          static_cast<size_t>(size));
                          });
  return out;
}

Tensor contiguous(const Tensor& x) { return x.is_contiguous() ? x : copy(x); }

}  // namespace fx::rt

namespace fx::rt::detail {

void assign(const Tensor& dst, const Tensor& src) {
  Tensor s = astype(src, dst.dtype());
  Shape shape = dst.shape();
  const int64_t size = itemsize(dst.dtype());
  for_each_run<2>(shape, {operand(dst), broadcast_operand(s, shape)},
                  [size](auto p, auto st, int64_t n) {
                    if (st[0] == size && st[1] == size) {
                      std::memmove(p[0], p[1], static_cast<size_t>(n * size));
                      return;
                    }
                    for (int64_t i = 0; i < n; ++i)
                      std::memcpy(p[0] + i * st[0], p[1] + i * st[1], static_cast<size_t>(size));
                  });
}

}  // namespace fx::rt::detail
