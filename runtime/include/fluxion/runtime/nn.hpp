// Neural-network kernels.
#pragma once
#include "fluxion/runtime/random.hpp"
#include "fluxion/runtime/tensor.hpp"

namespace fx::rt {

// exp(x - max) / sum(exp(x - max)) along `axis`, and its logarithm computed without forming it:
// stable for any finite input. i64 input gives f64.
Tensor softmax(const Tensor& x, int64_t axis = -1);
Tensor log_softmax(const Tensor& x, int64_t axis = -1);

// 2-D cross-correlation (what deep-learning libraries call convolution): x is (N, C, H, W),
// w is (O, C, KH, KW), zero padding on each side; the result is (N, O, OH, OW) with
// OH = (H + 2 padding - KH) / stride + 1. Computed as im2col + one GEMM per image.
Tensor conv2d(const Tensor& x, const Tensor& w, int64_t stride = 1, int64_t padding = 0);

// Maximum over non-overlapping k x k windows of the last two axes (stride k, the remainder
// rows/columns dropped): (..., H, W) -> (..., H / k, W / k). NaN propagates.
Tensor max_pool2d(const Tensor& x, int64_t k);

// indices (i64, any shape) -> indices.shape + (n,) with a 1 at each index. An index outside
// [0, n) is a TensorError.
Tensor one_hot(const Tensor& indices, int64_t n, DType dtype = DType::F64);

// Inverted dropout: each element is zeroed with probability p and the survivors are scaled by
// 1 / (1 - p), so the expectation is unchanged. p = 0 returns x; p = 1 returns zeros.
Tensor dropout(Key key, const Tensor& x, double p);

}  // namespace fx::rt
