// The im2col form of a convolution and its transpose, for one image at a time (nn.cpp,
// adjoint_nn.cpp): y[n] (O x P) = w (O x K) @ cols (K x P), K = C*KH*KW, P = OH*OW.
#pragma once
#include <cstdint>

namespace fx::rt::detail {

struct ConvGeometry {
  int64_t N, C, H, W, O, KH, KW, OH, OW, stride, padding;
  int64_t K() const { return C * KH * KW; }
  int64_t P() const { return OH * OW; }
};

// The output columns [lo, hi) whose input column ow * stride + kw - padding is inside the image.
struct ColumnRange {
  int64_t lo, hi;
};

inline ColumnRange inside_columns(const ConvGeometry& g, int64_t kw) {
  const int64_t first = g.padding - kw;              // ow * stride >= first
  const int64_t last = g.W - 1 + g.padding - kw;     // ow * stride <= last
  int64_t lo = first > 0 ? (first + g.stride - 1) / g.stride : 0;
  int64_t hi = last >= 0 ? last / g.stride + 1 : 0;
  hi = hi < g.OW ? hi : g.OW;
  return {lo < hi ? lo : hi, hi};
}

// cols (K x P): row (c, kh, kw), column (oh, ow) holds img[c, oh*stride + kh - pad, ow*stride +
// kw - pad], zero outside the image. Every element of cols is written.
template <class T> void im2col(const ConvGeometry& g, const T* img, T* cols) {
  for (int64_t c = 0; c < g.C; ++c)
    for (int64_t kh = 0; kh < g.KH; ++kh)
      for (int64_t kw = 0; kw < g.KW; ++kw) {
        T* row = cols + ((c * g.KH + kh) * g.KW + kw) * g.P();
        const T* plane = img + c * g.H * g.W;
        const ColumnRange r = inside_columns(g, kw);
        for (int64_t oh = 0; oh < g.OH; ++oh) {
          const int64_t h = oh * g.stride + kh - g.padding;
          T* out = row + oh * g.OW;
          if (h < 0 || h >= g.H) {
            for (int64_t ow = 0; ow < g.OW; ++ow) out[ow] = T(0);
            continue;
          }
          for (int64_t ow = 0; ow < r.lo; ++ow) out[ow] = T(0);
          if (r.lo < r.hi) {
            // Input column of output column r.lo + j: first + j * stride.
            const T* first = plane + h * g.W + r.lo * g.stride + kw - g.padding;
            T* dst = out + r.lo;
            const int64_t n = r.hi - r.lo;
            if (g.stride == 1)
              for (int64_t j = 0; j < n; ++j) dst[j] = first[j];
            else
              for (int64_t j = 0; j < n; ++j) dst[j] = first[j * g.stride];
          }
          for (int64_t ow = r.hi; ow < g.OW; ++ow) out[ow] = T(0);
        }
      }
}

// The transpose of im2col: adds each element of cols (K x P) into the pixel it was read from.
template <class T> void col2im_add(const ConvGeometry& g, const T* cols, T* img) {
  for (int64_t c = 0; c < g.C; ++c)
    for (int64_t kh = 0; kh < g.KH; ++kh)
      for (int64_t kw = 0; kw < g.KW; ++kw) {
        const T* row = cols + ((c * g.KH + kh) * g.KW + kw) * g.P();
        T* plane = img + c * g.H * g.W;
        const ColumnRange r = inside_columns(g, kw);
        for (int64_t oh = 0; oh < g.OH; ++oh) {
          const int64_t h = oh * g.stride + kh - g.padding;
          if (h < 0 || h >= g.H) continue;
          if (r.lo == r.hi) continue;
          const T* src = row + oh * g.OW + r.lo;
          T* first = plane + h * g.W + r.lo * g.stride + kw - g.padding;
          const int64_t n = r.hi - r.lo;
          if (g.stride == 1)
            for (int64_t j = 0; j < n; ++j) first[j] += src[j];
          else
            for (int64_t j = 0; j < n; ++j) first[j * g.stride] += src[j];
        }
      }
}

}  // namespace fx::rt::detail
