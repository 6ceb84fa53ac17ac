#include "fluxion/runtime/nn.hpp"

#include <climits>
#include <cmath>
#include <cstring>

#include "fluxion/runtime/construct.hpp"
#include "fluxion/runtime/convert.hpp"
#include "fluxion/runtime/elementwise.hpp"
#include "fluxion/runtime/reduce.hpp"
#include "blas.hpp"
#include "im2col.hpp"
#include "pool_windows.hpp"
#include "support/number_format.hpp"

namespace fx::rt {

namespace {

Tensor as_float(const Tensor& x, const char* what) {
  if (x.dtype() == DType::Bool)
    tensor_error(std::string(what) + ": expected a numeric tensor, got bool");
  return is_float(x.dtype()) ? x : astype(x, DType::F64);
}

// Shifting by the maximum keeps exp in range; an all -inf line gives NaN, as in JAX.
Tensor shifted(const Tensor& x, int64_t axis) { return sub(x, max(x, axis, true)); }

}  // namespace

Tensor softmax(const Tensor& x, int64_t axis) {
  Tensor e = exp(shifted(as_float(x, "softmax"), axis));
  return div(e, sum(e, axis, true));
}

Tensor log_softmax(const Tensor& x, int64_t axis) {
  Tensor s = shifted(as_float(x, "log_softmax"), axis);
  return sub(s, log(sum(exp(s), axis, true)));
}

Tensor conv2d(const Tensor& x, const Tensor& w, int64_t stride, int64_t padding) {
  if (x.rank() != 4 || w.rank() != 4)
    tensor_error("conv2d: expected x of shape (N, C, H, W) and w of shape (O, C, KH, KW), got " +
                 to_string(x.shape()) + " and " + to_string(w.shape()));
  if (stride < 1) tensor_error("conv2d: stride must be at least 1, got " + std::to_string(stride));
  if (padding < 0)
    tensor_error("conv2d: padding must be non-negative, got " + std::to_string(padding));
  const int64_t N = x.dim(0), C = x.dim(1), H = x.dim(2), W = x.dim(3);
  const int64_t O = w.dim(0), KH = w.dim(2), KW = w.dim(3);
  if (w.dim(1) != C)
    tensor_error("conv2d: x has " + std::to_string(C) + " channels but w expects " +
                 std::to_string(w.dim(1)) + " (shapes " + to_string(x.shape()) + " and " +
                 to_string(w.shape()) + ")");
  if (padding > (INT64_MAX / 4 - std::max(H, W)) / 2)
    tensor_error("conv2d: padding " + std::to_string(padding) + " is too large");
  const int64_t PH = H + 2 * padding, PW = W + 2 * padding;
  if (KH > PH || KW > PW || KH == 0 || KW == 0)
    tensor_error("conv2d: kernel " + std::to_string(KH) + "x" + std::to_string(KW) +
                 " does not fit the padded input " + std::to_string(PH) + "x" +
                 std::to_string(PW));
  const int64_t OH = (PH - KH) / stride + 1, OW = (PW - KW) / stride + 1;
  if (x.dtype() == DType::Bool || w.dtype() == DType::Bool)
    tensor_error("conv2d: bool operands are not supported");
  DType dtype = promote(x.dtype(), w.dtype());
  if (!is_float(dtype)) dtype = DType::F64;
  Tensor xc = contiguous(astype(x, dtype)), wc = contiguous(astype(w, dtype));
  Tensor out = Tensor::empty(dtype, Shape{N, O, OH, OW});
  const detail::ConvGeometry g{N, C, H, W, O, KH, KW, OH, OW, stride, padding};
  if (out.numel() == 0) return out;
  if (g.K() == 0) return zeros(Shape{N, O, OH, OW}, dtype);
  Tensor cols = Tensor::empty(dtype, Shape{g.K(), g.P()});  // one image's, reused for each
  visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const T* xp = static_cast<const T*>(xc.raw_data());
      const T* wp = static_cast<const T*>(wc.raw_data());
      T* cp = static_cast<T*>(cols.raw_data());
      T* op = static_cast<T*>(out.raw_data());
      for (int64_t n = 0; n < N; ++n) {
        detail::im2col(g, xp + n * C * H * W, cp);
        // out[n] (O x P) = w (O x K) @ cols (K x P)
        detail::gemm<T>(false, false, O, g.P(), g.K(), T(1), wp, g.K(), cp, g.P(), T(0), op + n * O * g.P(), g.P(),
                        "conv2d");
      }
    }
  });
  return out;
}

Tensor max_pool2d(const Tensor& x, int64_t k) {
  if (x.rank() < 2)
    tensor_error("max_pool2d: expected a tensor of rank >= 2, got shape " + to_string(x.shape()));
  if (k < 1) tensor_error("max_pool2d: window size must be at least 1, got " + std::to_string(k));
  const int r = x.rank();
  const int64_t H = x.dim(r - 2), W = x.dim(r - 1);
  if (k > H || k > W)
    tensor_error("max_pool2d: window " + std::to_string(k) + " is larger than the input " +
                 std::to_string(H) + "x" + std::to_string(W) + " (shape " + to_string(x.shape()) +
                 ")");
  if (x.dtype() == DType::Bool) tensor_error("max_pool2d: expected a numeric tensor, got bool");
  const int64_t OH = H / k, OW = W / k;
  Shape shape = x.shape();
  shape[r - 2] = OH;
  shape[r - 1] = OW;
  Tensor xc = contiguous(x);
  Tensor out = Tensor::empty(x.dtype(), shape);
  const int64_t planes = H * W == 0 ? 0 : xc.numel() / (H * W);
  visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* in = static_cast<const T*>(xc.raw_data());
    T* o = static_cast<T*>(out.raw_data());
    for (int64_t p = 0; p < planes; ++p)
      for (int64_t oh = 0; oh < OH; ++oh) detail::window_maxima(in + p * H * W + oh * k * W, W, k, OW, o + (p * OH + oh) * OW);
  });
  return out;
}

Tensor one_hot(const Tensor& indices, int64_t n, DType dtype) {
  if (indices.dtype() != DType::I64)
    tensor_error(std::string("one_hot: indices must be i64, got ") + dtype_name(indices.dtype()));
  if (n < 0) tensor_error("one_hot: number of classes must be non-negative, got " +
                          std::to_string(n));
  Tensor idx = contiguous(indices);
  const int64_t* ip = static_cast<const int64_t*>(idx.raw_data());
  for (int64_t i = 0; i < idx.numel(); ++i)
    if (ip[i] < 0 || ip[i] >= n)
      tensor_error("one_hot: index " + std::to_string(ip[i]) + " is out of range for " +
                   std::to_string(n) + " classes");
  Shape shape = indices.shape();
  shape.push_back(n);
  Tensor out = Tensor::zeroed(dtype, shape);
  char* op = static_cast<char*>(out.raw_data());
  for (int64_t i = 0; i < idx.numel(); ++i)
    Scalar(int64_t{1}).store(dtype, op + (i * n + ip[i]) * itemsize(dtype));
  return out;
}

Tensor dropout(Key key, const Tensor& x, double p) {
  if (!(p >= 0.0 && p <= 1.0))
    tensor_error("dropout: probability must be in [0, 1], got " + fx::format_float(p));
  Tensor xf = as_float(x, "dropout");
  if (p == 0.0) return xf;
  if (p == 1.0) return zeros(x.shape(), xf.dtype());
  Tensor keep = greater_equal(uniform(key, x.shape()), scalar_tensor(p));
  Tensor scaled = mul(xf, astype(scalar_tensor(1.0 / (1.0 - p)), xf.dtype()));
  return where(keep, scaled, zeros(Shape{}, xf.dtype()));
}

}  // namespace fx::rt
