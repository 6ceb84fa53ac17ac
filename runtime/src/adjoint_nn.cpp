// Adjoints of conv2d and max_pool2d (adjoint.hpp). conv2d's cotangents are the two other
// products of its im2col form: dx = col2im(w^T @ ct) and dw = sum over images of ct @ cols^T.
#include <climits>
#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include "fluxion/runtime/adjoint.hpp"
#include "fluxion/runtime/construct.hpp"
#include "fluxion/runtime/convert.hpp"
#include "fluxion/runtime/linalg.hpp"
#include "fluxion/runtime/shape_ops.hpp"
#include "blas.hpp"
#include "im2col.hpp"
#include "pool_windows.hpp"

namespace fx::rt {

namespace {

// The geometry of y = conv2d(x, w, stride, padding), checked against ct's shape.
detail::ConvGeometry conv_geometry(const char* what, const Shape& x, const Shape& w, const Shape& ct, int64_t stride,
                           int64_t padding) {
  auto fail = [&](const std::string& why) {
    tensor_error(std::string(what) + ": " + why + " (x " + to_string(x) + ", w " + to_string(w) + ", cotangent " +
                 to_string(ct) + ", stride " + std::to_string(stride) + ", padding " + std::to_string(padding) + ")");
  };
  if (x.rank() != 4 || w.rank() != 4 || ct.rank() != 4) fail("expected rank-4 x, w and cotangent");
  if (stride < 1) fail("stride must be at least 1");
  if (padding < 0 || padding > INT32_MAX) fail("bad padding");
  detail::ConvGeometry g{x[0], x[1], x[2], x[3], w[0], w[2], w[3], 0, 0, stride, padding};
  if (w[1] != g.C) fail("x and w have different channel counts");
  const int64_t PH = g.H + 2 * padding, PW = g.W + 2 * padding;
  if (g.KH > PH || g.KW > PW || g.KH == 0 || g.KW == 0) fail("the kernel does not fit the padded input");
  g.OH = (PH - g.KH) / stride + 1;
  g.OW = (PW - g.KW) / stride + 1;
  if (!(ct == Shape{g.N, g.O, g.OH, g.OW})) fail("the cotangent does not have conv2d's output shape");
  return g;
}

DType float_dtype(const Tensor& a, const Tensor& b, const char* what) {
  if (a.dtype() == DType::Bool || b.dtype() == DType::Bool)
    tensor_error(std::string(what) + ": bool operands are not supported");
  DType d = promote(a.dtype(), b.dtype());
  return is_float(d) ? d : DType::F64;
}

// Calls f(T*) with the data of a contiguous float tensor.
template <class F> void visit_float(const Tensor& t, F&& f) {
  if (t.dtype() == DType::F64) f(static_cast<double*>(t.raw_data()));
  else f(static_cast<float*>(t.raw_data()));
}

}  // namespace

// Per image: cols (K x P) = w^T (K x O) @ ct[n] (O x P), then col2im adds cols into dx[n]. One
// image's columns are the only scratch.
Tensor conv2d_vjp_x(const Tensor& ct, const Tensor& w, const Shape& x_shape, int64_t stride, int64_t padding) {
  const detail::ConvGeometry g = conv_geometry("conv2d_vjp_x", x_shape, w.shape(), ct.shape(), stride, padding);
  const DType dtype = float_dtype(ct, w, "conv2d_vjp_x");
  Tensor dx = Tensor::zeroed(dtype, x_shape);
  if (dx.numel() == 0 || ct.numel() == 0 || g.K() == 0) return dx;
  Tensor wc = contiguous(astype(w, dtype)), cc = contiguous(astype(ct, dtype));
  Tensor cols = Tensor::empty(dtype, Shape{g.K(), g.P()});
  visit_float(dx, [&](auto* out) {
    using T = std::remove_pointer_t<decltype(out)>;
    const T* wp = static_cast<const T*>(wc.raw_data());
    const T* cp = static_cast<const T*>(cc.raw_data());
    T* colp = static_cast<T*>(cols.raw_data());
    for (int64_t n = 0; n < g.N; ++n) {
      detail::gemm<T>(true, false, g.K(), g.P(), g.O, T(1), wp, g.K(), cp + n * g.O * g.P(), g.P(), T(0), colp,
                      g.P(), "conv2d_vjp_x");
      detail::col2im_add(g, colp, out + n * g.C * g.H * g.W);
    }
  });
  return dx;
}

// dw (O x K) = sum over images of ct[n] (O x P) @ cols[n]^T (P x K): one image's im2col at a
// time, each product accumulated into dw by gemm (beta = 1 after the first).
Tensor conv2d_vjp_w(const Tensor& x, const Tensor& ct, const Shape& w_shape, int64_t stride, int64_t padding) {
  const detail::ConvGeometry g = conv_geometry("conv2d_vjp_w", x.shape(), w_shape, ct.shape(), stride, padding);
  const DType dtype = float_dtype(x, ct, "conv2d_vjp_w");
  if (ct.numel() == 0 || g.K() == 0 || g.N == 0) return zeros(w_shape, dtype);
  Tensor xc = contiguous(astype(x, dtype)), cc = contiguous(astype(ct, dtype));
  Tensor dw = Tensor::empty(dtype, w_shape);
  Tensor cols = Tensor::empty(dtype, Shape{g.K(), g.P()});
  visit_float(dw, [&](auto* out) {
    using T = std::remove_pointer_t<decltype(out)>;
    const T* xp = static_cast<const T*>(xc.raw_data());
    const T* cp = static_cast<const T*>(cc.raw_data());
    T* colp = static_cast<T*>(cols.raw_data());
    for (int64_t n = 0; n < g.N; ++n) {
      detail::im2col(g, xp + n * g.C * g.H * g.W, colp);
      detail::gemm<T>(false, true, g.O, g.K(), g.P(), T(1), cp + n * g.O * g.P(), g.P(), colp, g.P(),
                      n == 0 ? T(0) : T(1), out, g.K(), "conv2d_vjp_w");
    }
  });
  return dw;
}

// ------------------------------------------------------------------ max_pool2d
namespace {

struct PoolGeometry {
  int64_t planes, H, W, OH, OW;
};

// A tensor of x's shape that the windows of k write element by element: zero-filled only when
// rows or columns are left over beyond the last whole window (no window writes them).
Tensor window_covered(DType dtype, const Shape& x_shape, const PoolGeometry& g, int64_t k) {
  const bool whole = g.H == g.OH * k && g.W == g.OW * k;
  return whole ? Tensor::empty(dtype, x_shape) : Tensor::zeroed(dtype, x_shape);
}

PoolGeometry pool_geometry(const char* what, const Shape& x, int64_t k) {
  if (x.rank() < 2) tensor_error(std::string(what) + ": expected a tensor of rank >= 2, got shape " + to_string(x));
  if (k < 1) tensor_error(std::string(what) + ": window size must be at least 1, got " + std::to_string(k));
  const int r = x.rank();
  const int64_t H = x[r - 2], W = x[r - 1];
  if (k > H || k > W)
    tensor_error(std::string(what) + ": window " + std::to_string(k) + " is larger than the input " +
                 std::to_string(H) + "x" + std::to_string(W) + " (shape " + to_string(x) + ")");
  return {H * W == 0 ? 0 : x.numel() / (H * W), H, W, H / k, W / k};
}

Shape pooled_shape(const Shape& x, const PoolGeometry& g) {
  Shape s = x;
  s[s.rank() - 2] = g.OH;
  s[s.rank() - 1] = g.OW;
  return s;
}

}  // namespace

namespace {

// pool_weights for one plane: each row of windows' maxima, the number of elements equal to
// each maximum, then 1 / that number written at the maxima and 0 elsewhere. Every loop runs
// across a row of windows without a branch; `best` and `weight` hold one row of windows.
template <class T, class Out>
void pool_weights_plane(const T* in, const PoolGeometry& g, int64_t k, T* best, Out* weight, Out* out) {
  for (int64_t oh = 0; oh < g.OH; ++oh) {
    const T* rows = in + oh * k * g.W;
    Out* orows = out + oh * k * g.W;
    detail::window_maxima(rows, g.W, k, g.OW, best);
    for (int64_t ow = 0; ow < g.OW; ++ow) weight[ow] = Out(0);
    for (int64_t i = 0; i < k; ++i)
      for (int64_t j = 0; j < k; ++j)
        for (int64_t ow = 0; ow < g.OW; ++ow)
          weight[ow] += static_cast<Out>(detail::is_window_max(rows[i * g.W + ow * k + j], best[ow]));
    for (int64_t ow = 0; ow < g.OW; ++ow) weight[ow] = Out(1) / weight[ow];  // at least 1 tie
    for (int64_t i = 0; i < k; ++i)
      for (int64_t j = 0; j < k; ++j)
        for (int64_t ow = 0; ow < g.OW; ++ow)
          orows[i * g.W + ow * k + j] =
              static_cast<Out>(detail::is_window_max(rows[i * g.W + ow * k + j], best[ow])) * weight[ow];
  }
}

}  // namespace

Tensor pool_weights(const Tensor& x, int64_t k) {
  const PoolGeometry g = pool_geometry("pool_weights", x.shape(), k);
  if (x.dtype() == DType::Bool) tensor_error("pool_weights: expected a numeric tensor, got bool");
  const DType out_dtype = is_float(x.dtype()) ? x.dtype() : DType::F64;
  Tensor xc = contiguous(x);
  Tensor out = window_covered(out_dtype, x.shape(), g, k);
  visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, bool>) {
      std::vector<T> best(static_cast<size_t>(g.OW));
      const T* in = static_cast<const T*>(xc.raw_data());
      auto planes = [&](auto* dst) {
        using Out = std::remove_pointer_t<decltype(dst)>;
        std::vector<Out> weight(static_cast<size_t>(g.OW));
        for (int64_t p = 0; p < g.planes; ++p)
          pool_weights_plane(in + p * g.H * g.W, g, k, best.data(), weight.data(), dst + p * g.H * g.W);
      };
      if (out_dtype == DType::F32) planes(static_cast<float*>(out.raw_data()));
      else planes(static_cast<double*>(out.raw_data()));
    }
  });
  return out;
}

Tensor upsample(const Tensor& ct, int64_t k, const Shape& x_shape) {
  const PoolGeometry g = pool_geometry("upsample", x_shape, k);
  if (!(ct.shape() == pooled_shape(x_shape, g)))
    tensor_error("upsample: expected a tensor of shape " + to_string(pooled_shape(x_shape, g)) + " for x of shape " +
                 to_string(x_shape) + " and window " + std::to_string(k) + ", got " + to_string(ct.shape()));
  if (ct.dtype() == DType::Bool) tensor_error("upsample: expected a numeric tensor, got bool");
  Tensor cc = contiguous(ct);
  Tensor out = window_covered(ct.dtype(), x_shape, g, k);
  visit_dtype(ct.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* in = static_cast<const T*>(cc.raw_data());
    T* o = static_cast<T*>(out.raw_data());
    for (int64_t p = 0; p < g.planes; ++p)
      for (int64_t oh = 0; oh < g.OH; ++oh) {
        const T* src = in + (p * g.OH + oh) * g.OW;
        for (int64_t i = 0; i < k; ++i) {
          T* row = o + p * g.H * g.W + (oh * k + i) * g.W;
          for (int64_t ow = 0; ow < g.OW; ++ow)
            for (int64_t j = 0; j < k; ++j) row[ow * k + j] = src[ow];
        }
      }
  });
  return out;
}

Tensor pool_sum(const Tensor& x, int64_t k) {
  const PoolGeometry g = pool_geometry("pool_sum", x.shape(), k);
  if (x.dtype() == DType::Bool) tensor_error("pool_sum: expected a numeric tensor, got bool");
  Tensor xc = contiguous(x);
  Tensor out = Tensor::zeroed(x.dtype(), pooled_shape(x.shape(), g));
  visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    // i64 sums wrap, as every i64 sum of the runtime (computed unsigned: no overflow UB).
    using Acc = std::conditional_t<std::is_same_v<T, int64_t>, uint64_t, T>;
    if constexpr (!std::is_same_v<T, bool>) {
      const T* in = static_cast<const T*>(xc.raw_data());
      T* o = static_cast<T*>(out.raw_data());
      for (int64_t p = 0; p < g.planes; ++p)
        for (int64_t oh = 0; oh < g.OH; ++oh)
          for (int64_t ow = 0; ow < g.OW; ++ow) {
            Acc s = Acc(0);
            for (int64_t i = 0; i < k; ++i)
              for (int64_t j = 0; j < k; ++j) s += static_cast<Acc>(in[p * g.H * g.W + (oh * k + i) * g.W + ow * k + j]);
            o[(p * g.OH + oh) * g.OW + ow] = static_cast<T>(s);
          }
    }
  });
  return out;
}

}  // namespace fx::rt
