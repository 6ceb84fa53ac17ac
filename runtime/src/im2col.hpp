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

// cols (K x P): row (c, kh, kw), column (oh, ow) holds img[c, oh*stride + kh - pad, ow*stride +
// kw - pad], zero outside the image. Every element of cols is written.
template <class T> void im2col(const ConvGeometry& g, const T* img, T* cols) {
  for (int64_t c = 0; c < g.C; ++c)
    for (int64_t kh = 0; kh < g.KH; ++kh)
      for (int64_t kw = 0; kw < g.KW; ++kw) {
        T* row = cols + ((c * g.KH + kh) * g.KW + kw) * g.P();
        const T* plane = img + c * g.H * g.W;
        for (int64_t oh = 0; oh < g.OH; ++oh) {
          const int64_t h = oh * g.stride + kh - g.padding;
          T* out = row + oh * g.OW;
          if (h < 0 || h >= g.H) {
            for (int64_t ow = 0; ow < g.OW; ++ow) out[ow] = T(0);
            continue;
          }
          for (int64_t ow = 0; ow < g.OW; ++ow) {
            const int64_t w = ow * g.stride + kw - g.padding;
            out[ow] = w >= 0 && w < g.W ? plane[h * g.W + w] : T(0);
          }
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
        for (int64_t oh = 0; oh < g.OH; ++oh) {
          const int64_t h = oh * g.stride + kh - g.padding;
          if (h < 0 || h >= g.H) continue;
          for (int64_t ow = 0; ow < g.OW; ++ow) {
            const int64_t w = ow * g.stride + kw - g.padding;
            if (w >= 0 && w < g.W) plane[h * g.W + w] += row[oh * g.OW + ow];
          }
        }
      }
}

}  // namespace fx::rt::detail
