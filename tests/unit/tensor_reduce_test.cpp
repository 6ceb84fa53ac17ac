// Tensor runtime: reductions over all elements or one axis, with keepdims.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "fluxion/runtime/runtime.hpp"
#include "tensor_test_support.hpp"

using namespace fx::rt;
using namespace fx::rt::testing;

namespace {


constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

TEST(TensorReduce, SumOverAxes) {
  Tensor x = f64({{1, 2, 3}, {4, 5, 6}});
  EXPECT_EQ(format(sum(x)), "21.0");
  EXPECT_EQ(sum(x).rank(), 0);
  EXPECT_EQ(format(sum(x, 0)), "[5.0, 7.0, 9.0]");
  EXPECT_EQ(format(sum(x, 1)), "[6.0, 15.0]");
  EXPECT_EQ(format(sum(x, -1)), "[6.0, 15.0]");
  EXPECT_EQ(format(sum(x, -2)), "[5.0, 7.0, 9.0]");
  EXPECT_EQ(format(sum(x, -1, true)), "[[6.0], [15.0]]");
  EXPECT_EQ(sum(x, -1, true).shape(), (Shape{2, 1}));
  EXPECT_EQ(format(sum(x, 0, true)), "[[5.0, 7.0, 9.0]]");
  EXPECT_EQ(format(sum(x, std::nullopt, true)), "[[21.0]]");
  EXPECT_TRUE(sum(x, 0, true).is_unique());  // keepdims reshapes without a view
  EXPECT_EQ(format(sum(transpose(x), 0)), "[6.0, 15.0]");
  expect_error([&] { sum(x, 2); }, "axis 2 is out of range for a tensor of rank 2");
  expect_error([&] { sum(x, -3); }, "axis -3 is out of range for a tensor of rank 2");
}

TEST(TensorReduce, ThreeDimensionalAxes) {
  Tensor x = reshape(arange(24), Shape{2, 3, 4});
  EXPECT_EQ(format(sum(x, 1)), "[[12, 15, 18, 21], [48, 51, 54, 57]]");
  EXPECT_EQ(format(sum(x, 0)),
            "[[12, 14, 16, 18], [20, 22, 24, 26], [28, 30, 32, 34]]");
  EXPECT_EQ(format(max(x, 2)), "[[3, 7, 11], [15, 19, 23]]");
  EXPECT_EQ(sum(x, 1, true).shape(), (Shape{2, 1, 4}));
}

TEST(TensorReduce, Dtypes) {
  EXPECT_EQ(sum(i64({1, 2})).dtype(), DType::I64);
  EXPECT_EQ(format(sum(from_nested({true, true, false}))), "2");
  EXPECT_EQ(sum(astype(f64({1}), DType::F32)).dtype(), DType::F32);
  EXPECT_EQ(format(mean(i64({{1, 2, 3}, {4, 5, 6}}), 0)), "[2.5, 3.5, 4.5]");
  EXPECT_EQ(mean(i64({1})).dtype(), DType::F64);
  EXPECT_EQ(format(mean(from_nested({true, false, false, false}))), "0.25");
  EXPECT_EQ(format(prod(i64({1, 2, 3, 4}))), "24");
  EXPECT_EQ(format(max(from_nested({false, true}))), "True");
  EXPECT_EQ(argmax(f64({1, 3, 2})).dtype(), DType::I64);
  EXPECT_EQ(logsumexp(i64({0})).dtype(), DType::F64);
  EXPECT_EQ(result_dtype(ReduceOp::Sum, DType::Bool), DType::I64);
  EXPECT_EQ(result_dtype(ReduceOp::Mean, DType::I64), DType::F64);
  expect_error([] { norm(from_nested({true})); }, "norm: expected a numeric tensor, got bool");
}

TEST(TensorReduce, ProdMaxMinArg) {
  Tensor x = f64({{3, 1, 4}, {1, 5, 9}});
  EXPECT_EQ(format(prod(x, 1)), "[12.0, 45.0]");
  EXPECT_EQ(format(max(x)), "9.0");
  EXPECT_EQ(format(min(x, 0)), "[1.0, 1.0, 4.0]");
  EXPECT_EQ(format(max(x, 1, true)), "[[4.0], [9.0]]");
  EXPECT_EQ(format(argmax(x)), "5");
  EXPECT_EQ(format(argmax(x, 1)), "[2, 2]");
  EXPECT_EQ(format(argmin(x, 1)), "[1, 0]");
  EXPECT_EQ(format(argmin(x, 0)), "[1, 0, 0]");
  EXPECT_EQ(format(argmax(f64({2, 7, 7, 1}))), "1");  // first occurrence
  EXPECT_EQ(format(argmin(f64({2, 1, 1}))), "1");
  EXPECT_EQ(format(argmax(x, 0, true)), "[[0, 1, 1]]");
}

TEST(TensorReduce, NanPropagates) {
  double nan = std::nan("");
  Tensor x = f64({1, nan, 3});
  EXPECT_EQ(format(max(x)), "nan");
  EXPECT_EQ(format(min(x)), "nan");
  EXPECT_EQ(format(argmax(x)), "1");
  EXPECT_EQ(format(argmin(x)), "1");
  EXPECT_EQ(format(sum(x)), "nan");
  EXPECT_EQ(format(logsumexp(x)), "nan");
}

TEST(TensorReduce, EmptyAxes) {
  EXPECT_EQ(format(sum(zeros(Shape{0}))), "0.0");
  EXPECT_EQ(format(prod(zeros(Shape{0}))), "1.0");
  EXPECT_EQ(format(mean(zeros(Shape{0}))), "nan");
  EXPECT_EQ(format(logsumexp(zeros(Shape{0}))), "-inf");
  EXPECT_EQ(format(sum(zeros(Shape{2, 0}), 1)), "[0.0, 0.0]");
  EXPECT_EQ(format(sum(zeros(Shape{2, 0}), 0)), "[]");
  EXPECT_EQ(format(max(zeros(Shape{0, 3}), 1)), "[]");
  expect_error([] { max(zeros(Shape{0})); }, "max: cannot reduce an empty tensor of shape (0,)");
  expect_error([] { argmin(zeros(Shape{3, 0}), 1); },
               "argmin: cannot reduce an empty axis 1 of a tensor of shape (3, 0)");
}

TEST(TensorReduce, StableLogSumExp) {
  EXPECT_NEAR(logsumexp(f64({1000, 1000})).item().to_f64(), 1000.0 + std::log(2.0), 1e-12);
  EXPECT_NEAR(logsumexp(f64({-1000, -1000})).item().to_f64(), -1000.0 + std::log(2.0), 1e-12);
  EXPECT_NEAR(logsumexp(f64({1, 2, 3})).item().to_f64(), 3.4076059644443806, 1e-15);
  EXPECT_EQ(format(logsumexp(f64({-kInf, -kInf}))), "-inf");
  EXPECT_EQ(format(logsumexp(f64({kInf, 1}))), "inf");
  Tensor rows = logsumexp(f64({{0, 0}, {1000, 1000}}), 1, true);
  EXPECT_EQ(rows.shape(), (Shape{2, 1}));
  EXPECT_NEAR(to_vector<double>(rows)[1], 1000.6931471805599, 1e-12);
}

TEST(TensorReduce, Norm) {
  EXPECT_EQ(format(norm(f64({3, 4}))), "5.0");
  EXPECT_EQ(format(norm(i64({{3, 4}, {6, 8}}), 1)), "[5.0, 10.0]");
  EXPECT_EQ(format(norm(zeros(Shape{0}))), "0.0");
}

TEST(TensorReduce, PairwiseSummationIsAccurate) {
  Tensor x = full(Shape{1000000}, 0.1);
  // Naive left-to-right summation is off by ~1e-6 here; pairwise is within a few ulps.
  EXPECT_NEAR(sum(x).item().to_f64(), 100000.0, 1e-8);
  EXPECT_NEAR(mean(x).item().to_f64(), 0.1, 1e-15);
}

TEST(TensorReduce, OpTable) {
  EXPECT_EQ(reduce_op_named("logsumexp"), ReduceOp::LogSumExp);
  EXPECT_STREQ(op_name(ReduceOp::ArgMin), "argmin");
  EXPECT_EQ(format(reduce(ReduceOp::Sum, i64({1, 2}))), "3");
}
