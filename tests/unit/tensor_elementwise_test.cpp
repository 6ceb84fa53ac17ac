// Tensor runtime: elementwise ops, broadcasting and NumPy's dtype rules.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "fluxion/runtime/runtime.hpp"
#include "tensor_test_support.hpp"

using namespace fx::rt;
using namespace fx::rt::testing;

namespace {

Tensor s(Scalar v) { return scalar_tensor(v); }

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

TEST(TensorBroadcast, Shapes) {
  EXPECT_EQ(broadcast_shapes(Shape{2, 3}, Shape{3}), (Shape{2, 3}));
  EXPECT_EQ(broadcast_shapes(Shape{3, 1}, Shape{1, 4}), (Shape{3, 4}));
  EXPECT_EQ(broadcast_shapes(Shape{}, Shape{2, 2}), (Shape{2, 2}));
  EXPECT_EQ(broadcast_shapes(Shape{5, 1, 3}, Shape{4, 1}), (Shape{5, 4, 3}));
  EXPECT_EQ(broadcast_shapes(Shape{0, 3}, Shape{1, 3}), (Shape{0, 3}));
  expect_error([] { broadcast_shapes(Shape{3, 2}, Shape{4}); },
               "cannot broadcast shapes (3, 2) and (4,)");
}

TEST(TensorBroadcast, Arithmetic) {
  Tensor m = f64({{1, 2, 3}, {4, 5, 6}});
  EXPECT_EQ(format(add(m, f64({10, 20, 30}))), "[[11.0, 22.0, 33.0], [14.0, 25.0, 36.0]]");
  EXPECT_EQ(format(mul(f64({{1}, {2}, {3}}), f64({1, 10}))),
            "[[1.0, 10.0], [2.0, 20.0], [3.0, 30.0]]");
  EXPECT_EQ(format(sub(s(1.0), m)), "[[0.0, -1.0, -2.0], [-3.0, -4.0, -5.0]]");
  EXPECT_EQ(format(m * s(2.0)), "[[2.0, 4.0, 6.0], [8.0, 10.0, 12.0]]");
  EXPECT_EQ(format(add(transpose(m), f64({100, 200}))),
            "[[101.0, 204.0], [102.0, 205.0], [103.0, 206.0]]");
  EXPECT_EQ(add(zeros(Shape{0, 3}), f64({1, 2, 3})).shape(), (Shape{0, 3}));
  EXPECT_EQ(format(add(s(1.0), s(2.0))), "3.0");
  expect_error([&] { add(m, f64({1, 2})); }, "cannot broadcast shapes (2, 3) and (2,)");
}

TEST(TensorBroadcast, BroadcastToAndSumToShape) {
  Tensor v = f64({1, 2, 3});
  Tensor b = broadcast_to(v, Shape{2, 3});
  EXPECT_EQ(format(b), "[[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]");
  EXPECT_EQ(b.strides()[0], 0);  // a view, no copy
  EXPECT_EQ(b.raw_data(), v.raw_data());
  expect_error([&] { broadcast_to(v, Shape{4, 2}); }, "cannot broadcast shape (3,) to (4, 2)");
  Tensor g = f64({{1, 2, 3}, {4, 5, 6}});
  EXPECT_EQ(format(sum_to_shape(g, Shape{3})), "[5.0, 7.0, 9.0]");
  EXPECT_EQ(format(sum_to_shape(g, Shape{2, 1})), "[[6.0], [15.0]]");
  EXPECT_EQ(format(sum_to_shape(g, Shape{1, 3})), "[[5.0, 7.0, 9.0]]");
  EXPECT_EQ(format(sum_to_shape(g, Shape{})), "21.0");
  EXPECT_EQ(format(sum_to_shape(g, Shape{1, 1})), "[[21.0]]");
  EXPECT_EQ(sum_to_shape(g, Shape{2, 3}).raw_data(), g.raw_data());
  EXPECT_EQ(format(sum_to_shape(i64({{1, 2}, {3, 4}}), Shape{2})), "[4, 6]");
  EXPECT_EQ(format(sum_to_shape(transpose(g), Shape{2})), "[6.0, 15.0]");
  expect_error([&] { sum_to_shape(g, Shape{2}); }, "sum_to_shape: shape (2,) does not broadcast to (2, 3)");
}

TEST(TensorDtype, PromotionRules) {
  EXPECT_EQ(add(i64({1}), i64({2})).dtype(), DType::I64);
  EXPECT_EQ(add(i64({1}), f64({2})).dtype(), DType::F64);
  EXPECT_EQ(add(f32({1}), f32({2})).dtype(), DType::F32);
  EXPECT_EQ(add(f32({1}), i64({2})).dtype(), DType::F64);
  EXPECT_EQ(add(f32({1}), f64({2})).dtype(), DType::F64);
  EXPECT_EQ(div(i64({1, 2}), i64({2, 2})).dtype(), DType::F64);
  EXPECT_EQ(format(div(i64({1, 2}), i64({2, 2}))), "[0.5, 1.0]");
  EXPECT_EQ(div(f32({1}), f32({2})).dtype(), DType::F32);
  EXPECT_EQ(format(add(i64({1, 2}), f64({0.5, 0.5}))), "[1.5, 2.5]");
  EXPECT_EQ(result_dtype(BinaryOp::Div, DType::I64, DType::I64), DType::F64);
  EXPECT_EQ(result_dtype(BinaryOp::Less, DType::I64, DType::F64), DType::Bool);
  EXPECT_EQ(result_dtype(UnaryOp::Exp, DType::I64), DType::F64);
  EXPECT_EQ(result_dtype(UnaryOp::Exp, DType::F32), DType::F32);
  EXPECT_EQ(result_dtype(UnaryOp::Neg, DType::I64), DType::I64);
}

TEST(TensorDtype, BoolArithmeticIsAnError) {
  Tensor b = from_nested({true, false});
  expect_error([&] { add(b, b); }, "add: arithmetic on bool is not supported (got bool and bool)");
  expect_error([&] { mul(b, f64({1, 2})); }, "mul: arithmetic on bool");
  expect_error([&] { neg(b); }, "neg: expected a numeric tensor, got bool");
  expect_error([&] { exp(b); }, "exp: expected a numeric tensor, got bool");
  EXPECT_EQ(format(equal(b, from_nested({true, true}))), "[True, False]");
}

TEST(TensorElementwise, IntegerFloorDivAndModFollowPython) {
  Tensor a = i64({-7, 7, -7, 7, 0}), b = i64({2, 2, -2, -2, 3});
  EXPECT_EQ(format(floordiv(a, b)), "[-4, 3, 3, -4, 0]");
  EXPECT_EQ(format(mod(a, b)), "[1, 1, -1, -1, 0]");
  EXPECT_EQ(floordiv(a, b).dtype(), DType::I64);
  expect_error([&] { floordiv(a, i64({1, 1, 0, 1, 1})); }, "integer division by zero");
  expect_error([&] { mod(a, s(int64_t{0})); }, "integer modulo by zero");
  int64_t min = std::numeric_limits<int64_t>::min(), max = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(floordiv(s(min), s(int64_t{-1})).item(), Scalar(min));  // wraps like NumPy
  EXPECT_EQ(mod(s(min), s(int64_t{-1})).item(), Scalar(int64_t{0}));
  EXPECT_EQ(add(s(max), s(int64_t{1})).item(), Scalar(min));
  EXPECT_EQ(mul(s(max), s(int64_t{2})).item(), Scalar(int64_t{-2}));
  EXPECT_EQ(neg(s(min)).item(), Scalar(min));
  EXPECT_EQ(abs(s(min)).item(), Scalar(min));
}

TEST(TensorElementwise, FloatFloorDivAndModFollowPython) {
  Tensor a = f64({-7.5, 7.5, -7.5, 7.5}), b = f64({2, 2, -2, -2});
  EXPECT_EQ(format(floordiv(a, b)), "[-4.0, 3.0, 3.0, -4.0]");
  EXPECT_EQ(format(mod(a, b)), "[0.5, 1.5, -1.5, -0.5]");
  EXPECT_EQ(format(floordiv(f64({1.0, -1.0, 0.0}), s(0.0))), "[inf, -inf, nan]");
  EXPECT_EQ(format(mod(f64({1.0}), s(0.0))), "[nan]");
  EXPECT_EQ(format(mod(f64({6.0, -6.0}), s(3.0))), "[0.0, 0.0]");
  EXPECT_EQ(format(floordiv(f64({1.0}), s(kInf))), "[0.0]");
}

TEST(TensorElementwise, Powers) {
  EXPECT_EQ(format(pow(i64({2, 3, 5, -2}), i64({10, 2, 0, 3}))), "[1024, 9, 1, -8]");
  expect_error([] { pow(i64({2, 3}), i64({1, -1})); },
               "integers cannot be raised to a negative power (3 ** -1); use a float base");
  EXPECT_EQ(format(pow(f64({2, 4}), s(0.5))), "[1.4142135623730951, 2.0]");
  EXPECT_EQ(format(pow(i64({2}), s(-1.0))), "[0.5]");
}

TEST(TensorElementwise, UnaryMath) {
  EXPECT_EQ(format(exp(i64({0, 1}))), "[1.0, 2.718281828459045]");
  EXPECT_EQ(exp(f32({0})).dtype(), DType::F32);
  EXPECT_EQ(format(log(f64({1, 0, -1}))), "[0.0, -inf, nan]");
  EXPECT_EQ(format(log1p(f64({1e-20}))), "[1e-20]");
  EXPECT_EQ(format(expm1(f64({1e-20}))), "[1e-20]");
  EXPECT_EQ(format(sqrt(f64({4, -1}))), "[2.0, nan]");
  EXPECT_EQ(format(sin(f64({0}))), "[0.0]");
  EXPECT_EQ(format(cos(f64({0}))), "[1.0]");
  EXPECT_EQ(format(tan(f64({0}))), "[0.0]");
  EXPECT_EQ(format(tanh(f64({0, 1000, -1000}))), "[0.0, 1.0, -1.0]");
  EXPECT_EQ(format(neg(i64({1, -2}))), "[-1, 2]");
  EXPECT_EQ(format(abs(f64({-1.5, 2}))), "[1.5, 2.0]");
  EXPECT_EQ(format(abs(i64({-3, 3}))), "[3, 3]");
  EXPECT_EQ(format(sign(f64({-2, 0, 3, std::nan("")}))), "[-1.0, 0.0, 1.0, nan]");
  EXPECT_EQ(format(sign(i64({-5, 0, 5}))), "[-1, 0, 1]");
  EXPECT_EQ(format(relu(f64({-1, 0, 2.5}))), "[0.0, 0.0, 2.5]");
  EXPECT_EQ(format(relu(i64({-1, 3}))), "[0, 3]");
  EXPECT_EQ(format(floor(f64({-1.5, 1.5}))), "[-2.0, 1.0]");
  EXPECT_EQ(format(ceil(f64({-1.5, 1.5}))), "[-1.0, 2.0]");
  EXPECT_EQ(format(floor(i64({3}))), "[3]");
}

TEST(TensorElementwise, StableSigmoidAndSoftplus) {
  EXPECT_EQ(format(sigmoid(f64({0, -1000, 1000}))), "[0.5, 0.0, 1.0]");
  EXPECT_EQ(format(softplus(f64({0, 1000, -1000}))), "[0.6931471805599453, 1000.0, 0.0]");
  EXPECT_NEAR(sigmoid(f64({2})).item().to_f64(), 1.0 / (1.0 + std::exp(-2.0)), 1e-16);
  EXPECT_NEAR(softplus(f64({-2})).item().to_f64(), std::log1p(std::exp(-2.0)), 1e-16);
}

TEST(TensorElementwise, MaximumMinimumClip) {
  double nan = std::nan("");
  EXPECT_EQ(format(maximum(f64({1, 5, nan}), f64({3, 2, 0}))), "[3.0, 5.0, nan]");
  EXPECT_EQ(format(minimum(f64({1, 5, 0}), f64({3, 2, nan}))), "[1.0, 2.0, nan]");
  EXPECT_EQ(format(maximum(i64({1, 5}), s(int64_t{3}))), "[3, 5]");
  EXPECT_EQ(format(clip(f64({-2, 0.5, 3}), s(0.0), s(1.0))), "[0.0, 0.5, 1.0]");
  EXPECT_EQ(format(clip(i64({-2, 1, 3}), s(int64_t{0}), s(int64_t{2}))), "[0, 1, 2]");
}

TEST(TensorElementwise, ComparisonsAndLogic) {
  Tensor x = f64({1, 2, 3});
  EXPECT_EQ(format(less(x, s(2.0))), "[True, False, False]");
  EXPECT_EQ(format(less_equal(x, s(2.0))), "[True, True, False]");
  EXPECT_EQ(format(greater(x, s(int64_t{2}))), "[False, False, True]");
  EXPECT_EQ(format(greater_equal(x, s(2.0))), "[False, True, True]");
  EXPECT_EQ(format(equal(i64({1, 2}), f64({1.0, 2.5}))), "[True, False]");
  EXPECT_EQ(format(not_equal(x, f64({{1}, {3}}))),
            "[[False, True, True], [True, True, False]]");
  EXPECT_EQ(less(x, x).dtype(), DType::Bool);
  Tensor p = from_nested({true, true, false, false}), q = from_nested({true, false, true, false});
  EXPECT_EQ(format(logical_and(p, q)), "[True, False, False, False]");
  EXPECT_EQ(format(logical_or(p, q)), "[True, True, True, False]");
  EXPECT_EQ(format(logical_xor(p, q)), "[False, True, True, False]");
  EXPECT_EQ(format(logical_not(p)), "[False, False, True, True]");
  EXPECT_EQ(format(logical_not(f64({0.0, 2.0}))), "[True, False]");
  EXPECT_EQ(format(equal(f64({std::nan("")}), f64({std::nan("")}))), "[False]");
}

TEST(TensorElementwise, Where) {
  Tensor c = from_nested({true, false, true});
  EXPECT_EQ(format(where(c, f64({1, 2, 3}), f64({-1, -2, -3}))), "[1.0, -2.0, 3.0]");
  EXPECT_EQ(format(where(c, s(int64_t{1}), s(0.5))), "[1.0, 0.5, 1.0]");
  EXPECT_EQ(format(where(from_nested({{true}, {false}}), f64({1, 2}), s(0.0))),
            "[[1.0, 2.0], [0.0, 0.0]]");
  EXPECT_EQ(format(where(c, c, s(false))), "[True, False, True]");
  expect_error([] { where(f64({1}), f64({1}), f64({1})); },
               "where: the condition must be a bool tensor, got f64");
  expect_error([&] { where(c, f64({1, 2}), s(0.0)); }, "cannot broadcast shapes");
}

TEST(TensorElementwise, OpTableNames) {
  EXPECT_EQ(unary_op_named("exp"), UnaryOp::Exp);
  EXPECT_EQ(binary_op_named("floordiv"), BinaryOp::FloorDiv);
  EXPECT_EQ(binary_op_named("nope"), std::nullopt);
  EXPECT_STREQ(op_name(BinaryOp::LogicalAnd), "logical_and");
  EXPECT_STREQ(op_name(UnaryOp::Log1p), "log1p");
  EXPECT_EQ(format(apply(BinaryOp::Sub, f64({3}), f64({1}))), "[2.0]");
  EXPECT_EQ(binary_category(BinaryOp::Div), BinaryCategory::TrueDiv);
  EXPECT_EQ(unary_category(UnaryOp::Sigmoid), UnaryCategory::FloatMath);
}

TEST(TensorElementwise, StridedAndLargeOperands) {
  // Long contiguous runs, reversed views and broadcast scalars go through the same loop.
  Tensor x = arange_f64(0, 10000);
  Tensor y = index(x, {Slice{{}, {}, -1}});
  Tensor z = add(x, y);
  EXPECT_EQ(format(reduce(ReduceOp::Max, z)), "9999.0");
  EXPECT_EQ(format(reduce(ReduceOp::Min, z)), "9999.0");
  Tensor every_third = index(x, {Slice{1, {}, 3}});
  EXPECT_EQ(format(index(mul(every_third, s(2.0)), {Slice{0, 3}})), "[2.0, 8.0, 14.0]");
}

// apply_over writes the result into its first operand's storage only when nothing else holds
// it and the result has its dtype and shape; otherwise it is apply, and the operand is intact.
TEST(TensorElementwise, ApplyOverReusesADeadOperandOnly) {
  Tensor acc = f64({{1, 2}, {3, 4}});
  const void* storage = acc.raw_data();
  Tensor sum = apply_over(BinaryOp::Add, std::move(acc), f64({10, 20}));
  EXPECT_EQ(sum.raw_data(), storage);
  EXPECT_EQ(format(sum), "[[11.0, 22.0], [13.0, 24.0]]");

  Tensor shared = f64({1, 2});
  Tensor other_holder = shared;
  Tensor fresh = apply_over(BinaryOp::Add, shared, f64({1, 1}));
  EXPECT_NE(fresh.raw_data(), other_holder.raw_data());
  EXPECT_EQ(format(other_holder), "[1.0, 2.0]");
  EXPECT_EQ(format(fresh), "[2.0, 3.0]");

  // A result of another shape (broadcast) or dtype needs new storage.
  Tensor row = f64({1, 2});
  const void* row_storage = row.raw_data();
  Tensor grown = apply_over(BinaryOp::Add, std::move(row), f64({{1, 1}, {2, 2}}));
  EXPECT_NE(grown.raw_data(), row_storage);
  EXPECT_EQ(format(grown), "[[2.0, 3.0], [3.0, 4.0]]");
  expect_error([] { apply_over(BinaryOp::Add, f64({1, 2, 3}), f64({1, 2})); }, "cannot broadcast shapes (3,) and (2,)");
}
