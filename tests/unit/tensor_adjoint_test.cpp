// Tensor runtime: the adjoint kernels (adjoint.hpp). A linear map's adjoint is checked by its
// definition, <ct, f(a)> = <f^T(ct), a> for random a and ct, which pins every element (a wrong
// index or a missing batch sum changes the inner product); shapes and dtypes are checked
// directly, and max pooling against finite differences and explicit tie weights.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "fluxion/runtime/runtime.hpp"
#include "tensor_test_support.hpp"

using namespace fx::rt;
using namespace fx::rt::testing;

namespace {

Key next_key() {
  static int64_t seed = 1;
  return key(seed++);
}
Tensor rand_t(const Shape& s) { return normal(next_key(), s); }

double inner(const Tensor& a, const Tensor& b) {
  EXPECT_EQ(to_string(a.shape()), to_string(b.shape()));
  return sum(mul(a, b)).item().to_f64();
}

void expect_same_shape(const Tensor& t, const Shape& s) { EXPECT_EQ(to_string(t.shape()), to_string(s)); }

// matmul(a, b) for these shapes: both adjoints satisfy the adjoint identity.
void check_matmul(const Shape& as, const Shape& bs) {
  SCOPED_TRACE(to_string(as) + " @ " + to_string(bs));
  Tensor a = rand_t(as), b = rand_t(bs);
  Tensor y = as.rank() == 0 || bs.rank() == 0 ? dot(a, b) : matmul(a, b);
  Tensor ct = rand_t(y.shape());
  Tensor ga = matmul_vjp_a(ct, b, as), gb = matmul_vjp_b(a, ct, bs);
  expect_same_shape(ga, as);
  expect_same_shape(gb, bs);
  const double lhs = inner(ct, y);
  EXPECT_NEAR(lhs, inner(ga, a), 1e-9 * (1 + std::fabs(lhs)));
  EXPECT_NEAR(lhs, inner(gb, b), 1e-9 * (1 + std::fabs(lhs)));
}

TEST(TensorAdjoint, MatmulEveryRankCombination) {
  // Operand shapes for ranks 0..3 whose inner extents agree (k = 3); rank 0 is dot's scalar.
  const std::vector<Shape> left = {Shape{}, Shape{3}, Shape{2, 3}, Shape{4, 2, 3}};
  const std::vector<Shape> right = {Shape{}, Shape{3}, Shape{3, 5}, Shape{4, 3, 5}};
  for (const Shape& as : left)
    for (const Shape& bs : right) {
      if (as.rank() == 0 && bs.rank() == 0) continue;
      if ((as.rank() == 0) != (bs.rank() == 0) && (as.rank() > 2 || bs.rank() > 2)) continue;  // dot: ranks <= 2
      check_matmul(as, bs);
    }
}

TEST(TensorAdjoint, MatmulBatchBroadcasting) {
  check_matmul(Shape{4, 1, 2, 3}, Shape{5, 3, 2});  // batches (4, 1) and (5,) broadcast to (4, 5)
  check_matmul(Shape{1, 2, 3}, Shape{6, 3, 2});
  check_matmul(Shape{6, 2, 3}, Shape{3, 2});        // b shared by every matrix of a
  check_matmul(Shape{3}, Shape{6, 3, 2});           // a vector against a stack
  check_matmul(Shape{6, 2, 3}, Shape{3});
}

TEST(TensorAdjoint, MatmulExplicitFormula) {
  // y = a @ b with a 2x2: da = ct @ b^T, db = a^T @ ct.
  Tensor a = f64({{1.0, 2.0}, {3.0, 4.0}}), b = f64({{5.0, 6.0}, {7.0, 8.0}});
  Tensor ct = f64({{1.0, 0.0}, {0.0, 1.0}});
  EXPECT_EQ(format(matmul_vjp_a(ct, b, a.shape())), "[[5.0, 7.0], [6.0, 8.0]]");
  EXPECT_EQ(format(matmul_vjp_b(a, ct, b.shape())), "[[1.0, 3.0], [2.0, 4.0]]");
  // A vector times a vector: the inner product; each cotangent is ct times the other vector.
  Tensor u = f64({1.0, 2.0}), v = f64({3.0, 4.0});
  EXPECT_EQ(format(matmul_vjp_a(scalar_tensor(2.0), v, u.shape())), "[6.0, 8.0]");
  EXPECT_EQ(format(matmul_vjp_b(u, scalar_tensor(2.0), v.shape())), "[2.0, 4.0]");
}

// acc + the adjoint, for each shape combination matmul_vjp_*_add adds by gemm and for one it
// does not (a batch): the same values as the plain sum; into acc's storage when acc is held
// nowhere else, into a new tensor (acc intact) when it is shared.
TEST(TensorAdjoint, MatmulAdjointsAddedIntoAnAccumulator) {
  const std::vector<std::pair<Shape, Shape>> cases = {{Shape{2, 3}, Shape{3, 4}}, {Shape{2, 3}, Shape{3}},
                                                       {Shape{3}, Shape{3, 4}}, {Shape{1, 3}, Shape{3, 1}},
                                                       {Shape{5, 2, 3}, Shape{3, 4}}};
  for (const auto& [as, bs] : cases) {
    SCOPED_TRACE(to_string(as) + " @ " + to_string(bs));
    Tensor a = rand_t(as), b = rand_t(bs);
    Tensor ct = rand_t(matmul(a, b).shape());
    Tensor acc_a = rand_t(as), acc_b = rand_t(bs);
    Tensor want_a = add(acc_a, matmul_vjp_a(ct, b, as)), want_b = add(acc_b, matmul_vjp_b(a, ct, bs));
    Tensor shared = acc_a;  // a second holder: the sum must not write over it
    Tensor got_shared = matmul_vjp_a_add(ct, b, acc_a);
    EXPECT_NEAR(sum(abs(sub(got_shared, want_a))).item().to_f64(), 0.0, 1e-12);
    EXPECT_NE(got_shared.raw_data(), shared.raw_data());
    Tensor alone = copy(acc_a);
    const void* storage = alone.raw_data();
    Tensor got_a = matmul_vjp_a_add(ct, b, std::move(alone));
    EXPECT_NEAR(sum(abs(sub(got_a, want_a))).item().to_f64(), 0.0, 1e-12);
    if (as.rank() == 2 && bs.rank() <= 2) EXPECT_EQ(got_a.raw_data(), storage);
    Tensor got_b = matmul_vjp_b_add(a, ct, copy(acc_b));
    EXPECT_NEAR(sum(abs(sub(got_b, want_b))).item().to_f64(), 0.0, 1e-12);
  }
  // A cotangent that does not fit: matmul_vjp's own error.
  expect_error([] { matmul_vjp_a_add(f64({1.0, 2.0}), f64({1.0, 2.0}), f64({{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0}})); },
               "matmul_vjp_a");
}

TEST(TensorAdjoint, MatmulShapeErrors) {
  expect_error([] { matmul_vjp_a(f64({1.0, 2.0}), f64({{1.0, 2.0}, {3.0, 4.0}}), Shape{3, 2}); }, "matmul");
}

TEST(TensorAdjoint, Conv2dAdjointIdentity) {
  struct Case {
    Shape x, w;
    int64_t stride, padding;
  };
  const Case cases[] = {
      {Shape{2, 3, 5, 6}, Shape{4, 3, 3, 2}, 1, 0},
      {Shape{2, 3, 7, 7}, Shape{2, 3, 3, 3}, 2, 1},
      {Shape{1, 1, 4, 4}, Shape{1, 1, 2, 2}, 2, 0},
      {Shape{1, 2, 5, 4}, Shape{3, 2, 3, 3}, 3, 2},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(to_string(c.x) + " * " + to_string(c.w) + " stride " + std::to_string(c.stride) + " padding " +
                 std::to_string(c.padding));
    Tensor x = rand_t(c.x), w = rand_t(c.w);
    Tensor y = conv2d(x, w, c.stride, c.padding);
    Tensor ct = rand_t(y.shape());
    Tensor gx = conv2d_vjp_x(ct, w, c.x, c.stride, c.padding);
    Tensor gw = conv2d_vjp_w(x, ct, c.w, c.stride, c.padding);
    expect_same_shape(gx, c.x);
    expect_same_shape(gw, c.w);
    const double lhs = inner(ct, y);
    EXPECT_NEAR(lhs, inner(gx, x), 1e-9 * (1 + std::fabs(lhs)));
    EXPECT_NEAR(lhs, inner(gw, w), 1e-9 * (1 + std::fabs(lhs)));
  }
}

TEST(TensorAdjoint, Conv2dFiniteDifferences) {
  Tensor x = rand_t(Shape{1, 2, 4, 4}), w = rand_t(Shape{2, 2, 3, 3});
  Tensor ct = rand_t(conv2d(x, w, 1, 1).shape());
  Tensor gx = conv2d_vjp_x(ct, w, x.shape(), 1, 1);
  std::vector<double> xs = to_vector<double>(x), gxs = to_vector<double>(gx);
  const double h = 1e-6;
  for (size_t i = 0; i < xs.size(); i += 5) {
    std::vector<double> plus = xs, minus = xs;
    plus[i] += h;
    minus[i] -= h;
    double fp = inner(ct, conv2d(from_data<double>(x.shape(), plus), w, 1, 1));
    double fm = inner(ct, conv2d(from_data<double>(x.shape(), minus), w, 1, 1));
    EXPECT_NEAR((fp - fm) / (2 * h), gxs[i], 1e-6) << "element " << i;
  }
}

TEST(TensorAdjoint, Conv2dFloat32AndErrors) {
  Tensor x = astype(rand_t(Shape{1, 1, 3, 3}), DType::F32), w = astype(rand_t(Shape{1, 1, 2, 2}), DType::F32);
  Tensor ct = astype(rand_t(Shape{1, 1, 2, 2}), DType::F32);
  EXPECT_EQ(conv2d_vjp_x(ct, w, x.shape(), 1, 0).dtype(), DType::F32);
  EXPECT_EQ(conv2d_vjp_w(x, ct, w.shape(), 1, 0).dtype(), DType::F32);
  expect_error([&] { conv2d_vjp_x(astype(rand_t(Shape{1, 1, 3, 3}), DType::F32), w, x.shape(), 1, 0); },
               "does not have conv2d's output shape");
}

TEST(TensorAdjoint, PoolWeightsSplitTies) {
  // Window (0,0): max 4 once; window (0,1): 2 tied three ways; the last row and column are
  // dropped by the 2x2 windows of a 3x5 input, so their weight is 0.
  Tensor x = f64({{1.0, 4.0, 2.0, 2.0, 9.0}, {3.0, 0.0, 2.0, 1.0, 9.0}, {9.0, 9.0, 9.0, 9.0, 9.0}});
  EXPECT_EQ(format(pool_weights(x, 2)),
            "[[0.0, 1.0, 0.3333333333333333, 0.3333333333333333, 0.0], "
            "[0.0, 0.0, 0.3333333333333333, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]]");
  // An all-equal window shares its weight four ways; integers give f64 weights.
  EXPECT_EQ(format(pool_weights(i64({{5, 5}, {5, 5}}), 2)), "[[0.25, 0.25], [0.25, 0.25]]");
  EXPECT_EQ(pool_weights(astype(x, DType::F32), 2).dtype(), DType::F32);
}

TEST(TensorAdjoint, MaxPoolGradientMatchesFiniteDifferences) {
  // Without ties, d<ct, max_pool2d(x)>/dx = pool_weights(x) * upsample(ct).
  Tensor x = rand_t(Shape{2, 3, 5, 4});
  Tensor ct = rand_t(max_pool2d(x, 2).shape());
  Tensor g = mul(pool_weights(x, 2), upsample(ct, 2, x.shape()));
  std::vector<double> xs = to_vector<double>(x), gs = to_vector<double>(g);
  const double h = 1e-7;
  for (size_t i = 0; i < xs.size(); ++i) {
    std::vector<double> plus = xs, minus = xs;
    plus[i] += h;
    minus[i] -= h;
    double fp = inner(ct, max_pool2d(from_data<double>(x.shape(), plus), 2));
    double fm = inner(ct, max_pool2d(from_data<double>(x.shape(), minus), 2));
    EXPECT_NEAR((fp - fm) / (2 * h), gs[i], 1e-6) << "element " << i;
  }
}

TEST(TensorAdjoint, UpsampleAndPoolSumAreTransposes) {
  Shape xs{2, 7, 6};
  Tensor x = rand_t(xs);
  Tensor ct = rand_t(Shape{2, 2, 2});  // 7x6 with k = 3 pools to 2x2
  expect_same_shape(pool_sum(x, 3), ct.shape());
  Tensor up = upsample(ct, 3, xs);
  expect_same_shape(up, xs);
  EXPECT_NEAR(inner(up, x), inner(ct, pool_sum(x, 3)), 1e-9);
  EXPECT_EQ(format(upsample(f64({{1.0}}), 2, Shape{3, 2})), "[[1.0, 1.0], [1.0, 1.0], [0.0, 0.0]]");
  EXPECT_EQ(format(pool_sum(i64({{1, 2, 3}, {4, 5, 6}}), 2)), "[[12]]");
  expect_error([] { upsample(f64({1.0, 2.0}), 2, Shape{4, 4}); }, "upsample: expected a tensor of shape (2, 2)");
}

TEST(TensorAdjoint, ExpandReducedIsTheTransposeOfSum) {
  Shape xs{2, 3, 4};
  Tensor x = rand_t(xs);
  for (bool keepdims : {false, true}) {
    for (int64_t axis : {0, 1, 2, -1}) {
      Tensor s = sum(x, axis, keepdims);
      Tensor ct = rand_t(s.shape());
      Tensor e = expand_reduced(ct, xs, axis, keepdims);
      expect_same_shape(e, xs);
      EXPECT_NEAR(inner(ct, s), inner(e, x), 1e-9);
    }
    Tensor s = sum(x, std::nullopt, keepdims);
    Tensor e = expand_reduced(rand_t(s.shape()), xs, std::nullopt, keepdims);
    expect_same_shape(e, xs);
  }
  EXPECT_EQ(format(expand_reduced(f64({1.0, 2.0}), Shape{2, 2}, 1, false)), "[[1.0, 1.0], [2.0, 2.0]]");
  EXPECT_EQ(format(expand_reduced(f64({1.0, 2.0}), Shape{2, 2}, 0, false)), "[[1.0, 2.0], [1.0, 2.0]]");
  expect_error([] { expand_reduced(f64({1.0, 2.0, 3.0}), Shape{2, 2}, 1, false); }, "does not match the reduced shape (2,)");
  expect_error([] { expand_reduced(f64({1.0}), Shape{2, 2}, 5, false); }, "axis 5");
}

}  // namespace
