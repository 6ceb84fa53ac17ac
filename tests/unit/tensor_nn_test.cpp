// Tensor runtime: softmax, conv2d (against a direct loop), pooling, one_hot, dropout.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "fluxion/runtime/runtime.hpp"
#include "tensor_test_support.hpp"

using namespace fx::rt;
using namespace fx::rt::testing;

namespace {


void expect_close(const std::vector<double>& got, const std::vector<double>& want, double tol) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "element " << i;
}

// conv2d by its definition, one output element at a time.
std::vector<double> naive_conv2d(const Tensor& x, const Tensor& w, int64_t stride,
                                 int64_t pad) {
  int64_t N = x.dim(0), C = x.dim(1), H = x.dim(2), W = x.dim(3);
  int64_t O = w.dim(0), KH = w.dim(2), KW = w.dim(3);
  int64_t OH = (H + 2 * pad - KH) / stride + 1, OW = (W + 2 * pad - KW) / stride + 1;
  std::vector<double> xs = to_vector<double>(x), ws = to_vector<double>(w);
  std::vector<double> out;
  for (int64_t n = 0; n < N; ++n)
    for (int64_t o = 0; o < O; ++o)
      for (int64_t oh = 0; oh < OH; ++oh)
        for (int64_t ow = 0; ow < OW; ++ow) {
          double acc = 0;
          for (int64_t c = 0; c < C; ++c)
            for (int64_t kh = 0; kh < KH; ++kh)
              for (int64_t kw = 0; kw < KW; ++kw) {
                int64_t h = oh * stride + kh - pad, v = ow * stride + kw - pad;
                if (h < 0 || h >= H || v < 0 || v >= W) continue;
                acc += xs[((n * C + c) * H + h) * W + v] * ws[((o * C + c) * KH + kh) * KW + kw];
              }
          out.push_back(acc);
        }
  return out;
}

}  // namespace

TEST(TensorNN, Softmax) {
  expect_close(to_vector<double>(softmax(f64({1, 2, 3}))),
               {0.09003057317038046, 0.24472847105479764, 0.6652409557748219}, 1e-15);
  EXPECT_EQ(format(softmax(f64({1000, 1000}))), "[0.5, 0.5]");
  EXPECT_EQ(format(softmax(f64({-1000, 0}))), "[0.0, 1.0]");
  Tensor rows = softmax(f64({{1, 2, 3}, {0, 0, 0}}), 1);
  expect_close(to_vector<double>(sum(rows, 1)), {1.0, 1.0}, 1e-15);
  Tensor cols = softmax(f64({{1, 2}, {1, 2}}), 0);
  EXPECT_EQ(format(cols), "[[0.5, 0.5], [0.5, 0.5]]");
  EXPECT_EQ(softmax(astype(f64({1, 2}), DType::F32)).dtype(), DType::F32);
  EXPECT_EQ(softmax(astype(f64({1, 2}), DType::I64)).dtype(), DType::F64);
  expect_error([] { softmax(from_nested({true})); }, "softmax: expected a numeric tensor");
  expect_error([] { softmax(f64({1, 2}), 1); }, "axis 1 is out of range");
}

TEST(TensorNN, LogSoftmax) {
  expect_close(to_vector<double>(log_softmax(f64({1, 2, 3}))),
               {-2.4076059644443806, -1.4076059644443806, -0.4076059644443806}, 1e-15);
  // Far below exp's range the difference is still exact.
  expect_close(to_vector<double>(log_softmax(f64({0, -2000}))), {0.0, -2000.0}, 1e-12);
  expect_close(to_vector<double>(exp(log_softmax(f64({{0.5, 1.5}}), -1))),
               to_vector<double>(softmax(f64({{0.5, 1.5}}), -1)), 1e-15);
}

TEST(TensorNN, Conv2dMatchesTheDefinition) {
  auto [kx, kw] = split(key(11));
  Tensor x = normal(kx, Shape{2, 3, 7, 6}), w = normal(kw, Shape{4, 3, 3, 2});
  for (int64_t stride : {1, 2, 3})
    for (int64_t pad : {0, 1, 2}) {
      Tensor y = conv2d(x, w, stride, pad);
      int64_t OH = (7 + 2 * pad - 3) / stride + 1, OW = (6 + 2 * pad - 2) / stride + 1;
      EXPECT_EQ(y.shape(), (Shape{2, 4, OH, OW}));
      expect_close(to_vector<double>(y), naive_conv2d(x, w, stride, pad), 1e-12);
    }
  Tensor y32 = conv2d(astype(x, DType::F32), astype(w, DType::F32), 1, 1);
  EXPECT_EQ(y32.dtype(), DType::F32);
  expect_close(to_vector<double>(y32), naive_conv2d(x, w, 1, 1), 1e-4);
  // Non-contiguous inputs and integer inputs (computed in f64).
  Tensor xt = transpose(transpose(x, std::vector<int64_t>{0, 1, 3, 2}), std::vector<int64_t>{0, 1, 3, 2});
  expect_close(to_vector<double>(conv2d(xt, w)), naive_conv2d(x, w, 1, 0), 1e-12);
  Tensor xi = reshape(arange(16), Shape{1, 1, 4, 4}), wi = ones(Shape{1, 1, 2, 2}, DType::I64);
  EXPECT_EQ(format(conv2d(xi, wi, 2)), "[[[[10.0, 18.0], [42.0, 50.0]]]]");
}

TEST(TensorNN, Conv2dErrors) {
  Tensor x = zeros(Shape{1, 3, 5, 5});
  expect_error([&] { conv2d(x, zeros(Shape{2, 4, 3, 3})); },
               "conv2d: x has 3 channels but w expects 4");
  expect_error([&] { conv2d(x, zeros(Shape{2, 3, 6, 3})); },
               "conv2d: kernel 6x3 does not fit the padded input 5x5");
  EXPECT_EQ(conv2d(x, zeros(Shape{2, 3, 6, 3}), 1, 1).shape(), (Shape{1, 2, 2, 5}));
  expect_error([&] { conv2d(zeros(Shape{3, 5, 5}), zeros(Shape{2, 3, 3, 3})); },
               "conv2d: expected x of shape (N, C, H, W)");
  expect_error([&] { conv2d(x, zeros(Shape{2, 3, 3, 3}), 0); }, "stride must be at least 1");
  expect_error([&] { conv2d(x, zeros(Shape{2, 3, 3, 3}), 1, -1); }, "padding must be non-negative");
  EXPECT_EQ(conv2d(zeros(Shape{0, 3, 5, 5}), zeros(Shape{2, 3, 3, 3})).shape(),
            (Shape{0, 2, 3, 3}));
}

TEST(TensorNN, MaxPool) {
  Tensor x = astype(reshape(arange(16), Shape{1, 1, 4, 4}), DType::F64);
  EXPECT_EQ(format(max_pool2d(x, 2)), "[[[[5.0, 7.0], [13.0, 15.0]]]]");
  Tensor odd = reshape(arange(25), Shape{5, 5});
  EXPECT_EQ(format(max_pool2d(odd, 2)), "[[6, 8], [16, 18]]");
  EXPECT_EQ(format(max_pool2d(odd, 1)), format(odd));
  EXPECT_EQ(format(max_pool2d(neg(x), 4)), "[[[[-0.0]]]]");
  Tensor with_nan = f64({{1, std::nan("")}, {3, 4}});
  EXPECT_EQ(format(max_pool2d(with_nan, 2)), "[[nan]]");
  EXPECT_EQ(max_pool2d(zeros(Shape{2, 3, 8, 6}), 3).shape(), (Shape{2, 3, 2, 2}));
  expect_error([&] { max_pool2d(x, 5); }, "max_pool2d: window 5 is larger than the input 4x4");
  expect_error([&] { max_pool2d(x, 0); }, "window size must be at least 1");
  expect_error([] { max_pool2d(zeros(Shape{3}), 1); }, "expected a tensor of rank >= 2");
}

TEST(TensorNN, OneHot) {
  Tensor idx = from_nested({0, 2, 1});
  EXPECT_EQ(format(one_hot(idx, 3)),
            "[[1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0]]");
  EXPECT_EQ(one_hot(from_nested({{0, 1}, {1, 0}}), 2).shape(), (Shape{2, 2, 2}));
  EXPECT_EQ(format(one_hot(scalar_tensor(int64_t{1}), 2, DType::I64)), "[0, 1]");
  EXPECT_EQ(format(one_hot(index(idx, {Slice{{}, {}, -1}}), 3, DType::Bool)),
            "[[False, True, False], [False, False, True], [True, False, False]]");
  expect_error([&] { one_hot(idx, 2); }, "one_hot: index 2 is out of range for 2 classes");
  expect_error([] { one_hot(from_nested({-1}), 2); }, "index -1 is out of range");
  expect_error([] { one_hot(f64({0}), 2); }, "one_hot: indices must be i64, got f64");
}

TEST(TensorNN, Dropout) {
  Tensor x = ones(Shape{20000});
  EXPECT_EQ(dropout(key(0), x, 0.0).raw_data(), x.raw_data());
  EXPECT_EQ(format(sum(dropout(key(0), x, 1.0))), "0.0");
  Tensor d = dropout(key(1), x, 0.25);
  // Survivors are scaled by 1 / (1 - p); the expectation is unchanged.
  Tensor survivors = greater(d, scalar_tensor(0.0));
  EXPECT_EQ(format(max(d)), "1.3333333333333333");
  EXPECT_NEAR(mean(survivors).item().to_f64(), 0.75, 0.015);
  EXPECT_NEAR(mean(d).item().to_f64(), 1.0, 0.02);
  EXPECT_EQ(format(dropout(key(1), x, 0.25)), format(d));  // same key, same mask
  EXPECT_NE(format(dropout(key(2), x, 0.25)), format(d));
  EXPECT_EQ(dropout(key(1), astype(x, DType::F32), 0.5).dtype(), DType::F32);
  expect_error([&] { dropout(key(0), x, 1.5); }, "dropout: probability must be in [0, 1]");
  expect_error([&] { dropout(key(0), x, std::nan("")); }, "dropout: probability");
}
