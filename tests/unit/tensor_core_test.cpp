// Tensor runtime: storage, construction, conversion, allocation limits and printing.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "fluxion/runtime/runtime.hpp"
#include "tensor_test_support.hpp"

using namespace fx::rt;
using namespace fx::rt::testing;

namespace {

// Runs `body`, which must throw a TensorError whose message contains `fragment`.
}  // namespace

TEST(TensorShape, PrintsLikePythonTuples) {
  EXPECT_EQ(to_string(Shape{3, 2}), "(3, 2)");
  EXPECT_EQ(to_string(Shape{4}), "(4,)");
  EXPECT_EQ(to_string(Shape{}), "()");
  EXPECT_EQ(Shape({2, 3, 4}).numel(), 24);
  expect_error([] { Shape({1, 1, 1, 1, 1, 1, 1, 1, 1}); }, "rank 9 exceeds the maximum rank 8");
}

TEST(TensorConstruct, FilledTensors) {
  Tensor z = zeros(Shape{2, 3});
  EXPECT_EQ(z.dtype(), DType::F64);
  EXPECT_EQ(z.shape(), (Shape{2, 3}));
  EXPECT_EQ(format(z), "[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]");
  EXPECT_EQ(format(ones(Shape{2}, DType::I64)), "[1, 1]");
  EXPECT_EQ(format(full(Shape{2}, true)), "[True, True]");
  EXPECT_EQ(format(full(Shape{2, 1}, 2.5)), "[[2.5], [2.5]]");
  EXPECT_EQ(format(full(Shape{}, int64_t{7})), "7");
  EXPECT_EQ(format(zeros(Shape{0})), "[]");
  EXPECT_EQ(format(zeros(Shape{2, 0})), "[[], []]");
}

TEST(TensorConstruct, Ranges) {
  EXPECT_EQ(format(arange(5)), "[0, 1, 2, 3, 4]");
  EXPECT_EQ(arange(5).dtype(), DType::I64);
  EXPECT_EQ(format(arange(5, 0, -2)), "[5, 3, 1]");
  EXPECT_EQ(format(arange(2, 9, 3)), "[2, 5, 8]");
  EXPECT_EQ(format(arange(0)), "[]");
  EXPECT_EQ(format(arange(-3)), "[]");
  expect_error([] { arange(1, 2, 0); }, "step cannot be zero");
  EXPECT_EQ(format(arange_f64(0, 1, 0.25)), "[0.0, 0.25, 0.5, 0.75]");
  EXPECT_EQ(format(arange_f64(0, 1, 0.3)), "[0.0, 0.3, 0.6, 0.8999999999999999]");
  EXPECT_EQ(format(arange_f64(1, 0, -0.5)), "[1.0, 0.5]");
  EXPECT_EQ(format(linspace(0, 1, 5)), "[0.0, 0.25, 0.5, 0.75, 1.0]");
  EXPECT_EQ(format(linspace(0, 1, 4, false)), "[0.0, 0.25, 0.5, 0.75]");
  EXPECT_EQ(format(linspace(2, 3, 1)), "[2.0]");
}

TEST(TensorConstruct, Eye) {
  EXPECT_EQ(format(eye(3)), "[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]");
  EXPECT_EQ(format(eye(2, 3, DType::I64)), "[[1, 0, 0], [0, 1, 0]]");
  EXPECT_EQ(format(eye(2, DType::Bool)), "[[True, False], [False, True]]");
}

TEST(TensorConstruct, FromNestedData) {
  Tensor m = from_nested({{1.0, 2.0}, {3.0, 4.0}});
  EXPECT_EQ(m.shape(), (Shape{2, 2}));
  EXPECT_EQ(format(m), "[[1.0, 2.0], [3.0, 4.0]]");
  Tensor mixed = from_nested({{1, 2}, {3.5, 4}});
  EXPECT_EQ(mixed.dtype(), DType::F64);
  EXPECT_EQ(format(mixed), "[[1.0, 2.0], [3.5, 4.0]]");
  EXPECT_EQ(from_nested({1, 2}).dtype(), DType::I64);
  EXPECT_EQ(format(from_nested({true, false})), "[True, False]");
  EXPECT_EQ(format(from_nested(3.0)), "3.0");
  EXPECT_EQ(from_nested(3.0).rank(), 0);
  expect_error([] { from_nested({{1.0, 2.0}, {3.0}}); },
               "ragged nested data: element 1 has shape (1,), expected (2,)");
  expect_error([] { from_nested({true, 1.0}); }, "mixes bool and numeric");
}

TEST(TensorConstruct, FromScalarsAndElements) {
  Scalar values[] = {Scalar(1), Scalar(2.5)};
  Tensor t = from_scalars(values);
  EXPECT_EQ(t.dtype(), DType::F64);
  EXPECT_EQ(format(t), "[1.0, 2.5]");
  Tensor rows[] = {from_nested({1, 2}), from_nested({3.0, 4.0})};
  EXPECT_EQ(format(from_elements(rows)), "[[1.0, 2.0], [3.0, 4.0]]");
  Tensor ragged[] = {from_nested({1, 2}), from_nested({3})};
  expect_error([&] { from_elements(ragged); }, "ragged nested data: element 1 has shape (1,)");
  double data[] = {1, 2, 3, 4, 5, 6};
  EXPECT_EQ(format(from_data<double>(Shape{2, 3}, data)), "[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]");
  expect_error([&] { from_data<double>(Shape{4}, data); }, "needs 4 values, got 6");
}

TEST(TensorStorage, ReferenceCountsAndUniqueness) {
  Tensor a = zeros(Shape{2, 3});
  EXPECT_TRUE(a.is_unique());
  EXPECT_EQ(a.header()->refcount, 1);
  {
    Tensor b = a;
    EXPECT_FALSE(a.is_unique());
    EXPECT_EQ(a.header()->refcount, 2);
    EXPECT_EQ(b.raw_data(), a.raw_data());
  }
  EXPECT_TRUE(a.is_unique());
  Tensor v = transpose(a);  // a view keeps its owner alive and makes it shared
  EXPECT_FALSE(a.is_unique());
  EXPECT_FALSE(v.is_unique());
  EXPECT_FALSE(v.owns_storage());
  EXPECT_EQ(v.header()->base, a.header());
  Tensor vv = transpose(v);  // views of views hang off the owner
  EXPECT_EQ(vv.header()->base, a.header());
  v = Tensor();
  vv = Tensor();
  EXPECT_TRUE(a.is_unique());
  Tensor moved = std::move(a);
  EXPECT_FALSE(a.defined());
  EXPECT_TRUE(moved.is_unique());
  expect_error([&] { (void)a.shape(); }, "empty tensor handle");
}

TEST(TensorStorage, ViewOutlivesOwnerHandle) {
  Tensor v;
  {
    Tensor a = arange(6);
    v = index(a, {Slice{1, 5, 2}});
  }
  EXPECT_EQ(format(v), "[1, 3]");
}

TEST(TensorStorage, CAbiLayout) {
  Tensor t = arange(6);
  fx_tensor* h = t.header();
  EXPECT_EQ(h->dtype, FX_I64);
  EXPECT_EQ(h->rank, 1);
  EXPECT_EQ(h->size, 6);
  EXPECT_EQ(h->shape[0], 6);
  EXPECT_EQ(h->strides[0], 1);
  EXPECT_EQ(h->base, nullptr);
  EXPECT_EQ(h->nbytes, 48);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(h->data) % 16, 0u);
  fx_tensor* raw = t.release();
  Tensor back = Tensor::adopt(raw);
  EXPECT_TRUE(back.is_unique());
}

TEST(TensorStorage, Contiguity) {
  Tensor a = zeros(Shape{3, 4});
  EXPECT_TRUE(a.is_contiguous());
  EXPECT_FALSE(transpose(a).is_contiguous());
  EXPECT_TRUE(index(a, {1}).is_contiguous());
  EXPECT_FALSE(index(a, {Slice::all(), 1}).is_contiguous());
  Tensor c = contiguous(transpose(a));
  EXPECT_TRUE(c.is_contiguous());
  EXPECT_TRUE(c.is_unique());
}

TEST(TensorAllocation, LimitAndOverflowAreErrors) {
  expect_error([] { zeros(Shape{int64_t{1} << 40}); }, "cannot allocate 8796093022208 bytes");
  expect_error([] { zeros(Shape{int64_t{1} << 40, int64_t{1} << 40}); }, "cannot allocate");
  expect_error([] { zeros(Shape{int64_t{1} << 31, int64_t{1} << 31, 4}); }, "cannot allocate");
  expect_error([] { zeros(Shape{-1}); }, "negative dimension -1 in shape (-1,)");
  {
    ScopedAllocationLimit limit(1000);
    expect_error([] { zeros(Shape{200}); }, "cannot allocate 1600 bytes");
    expect_error([] { arange(1000); }, "cannot allocate");
    EXPECT_EQ(zeros(Shape{100}).numel(), 100);
  }
  EXPECT_EQ(allocation_limit(), kDefaultAllocationLimit);
  EXPECT_EQ(zeros(Shape{200}).numel(), 200);
}

TEST(TensorAllocation, AllocatorFailureIsAnError) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer aborts on impossible allocations by default";
#else
  ScopedAllocationLimit limit(std::numeric_limits<int64_t>::max());
  expect_error([] { zeros(Shape{int64_t{1} << 57}); }, "cannot allocate");  // 1 EiB
  expect_error([] { Tensor::empty(DType::F64, Shape{int64_t{1} << 57}); }, "out of memory");
#endif
}

TEST(TensorConvert, Astype) {
  Tensor f = from_nested({1.7, -1.7, 0.0});
  EXPECT_EQ(format(astype(f, DType::I64)), "[1, -1, 0]");
  EXPECT_EQ(format(astype(f, DType::Bool)), "[True, True, False]");
  EXPECT_EQ(format(astype(from_nested({true, false}), DType::F64)), "[1.0, 0.0]");
  EXPECT_EQ(format(astype(from_nested({1, 2}), DType::F32)), "[1.0, 2.0]");
  Tensor nan = from_nested({std::nan("")});
  expect_error([&] { astype(nan, DType::I64); }, "cannot convert nan to i64");
  expect_error([] { astype(from_nested({1e300}), DType::I64); }, "cannot convert 1e+300 to i64");
  Tensor same = astype(f, DType::F64);
  EXPECT_EQ(same.raw_data(), f.raw_data());  // no copy when nothing changes
  EXPECT_EQ(to_vector<int64_t>(from_nested({{1, 2}, {3, 4}})), (std::vector<int64_t>{1, 2, 3, 4}));
  EXPECT_EQ(to_vector<double>(transpose(from_nested({{1, 2}, {3, 4}}))),
            (std::vector<double>{1, 3, 2, 4}));
}

TEST(TensorScalar, ItemAndConversions) {
  EXPECT_EQ(arange(1).item(), Scalar(int64_t{0}));
  EXPECT_EQ(full(Shape{1, 1}, 2.5).item(), Scalar(2.5));
  expect_error([] { arange(2).item(); }, "expected a tensor with one element, got shape (2,)");
  EXPECT_EQ(Scalar(3.9).to_i64(), 3);
  EXPECT_EQ(Scalar(-3.9).to_i64(), -3);
  EXPECT_TRUE(Scalar(0.5).to_bool());
  expect_error([] { Scalar(std::numeric_limits<double>::infinity()).to_i64(); },
               "cannot convert inf to i64");
  EXPECT_EQ(format(Scalar(0.1)), "0.1");
  EXPECT_EQ(format(Scalar(0.1f)), "0.1");
  EXPECT_EQ(format(Scalar(int64_t{-3})), "-3");
  EXPECT_EQ(format(Scalar(true)), "True");
}

TEST(TensorFormat, FloatsInPythonReprForm) {
  Tensor t = from_nested({1.0, 0.1, 1e16, 1e-5, 2.5e-10, -0.0, 123456789.125});
  EXPECT_EQ(format(t), "[1.0, 0.1, 1e+16, 1e-05, 2.5e-10, -0.0, 123456789.125]");
  double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(format(from_nested({inf, -inf, std::nan("")})), "[inf, -inf, nan]");
  float f32[] = {0.1f, 1.0f, 1e-5f, 3.4028235e38f, 16777216.0f};
  EXPECT_EQ(format(from_data<float>(Shape{5}, f32)),
            "[0.1, 1.0, 1e-05, 3.4028235e+38, 16777216.0]");
  EXPECT_EQ(format(from_nested({{{1, 2}}, {{3, 4}}})), "[[[1, 2]], [[3, 4]]]");
  EXPECT_EQ(format(from_nested({{true}, {false}})), "[[True], [False]]");
  EXPECT_EQ(format(transpose(from_nested({{1, 2}, {3, 4}}))), "[[1, 3], [2, 4]]");
}
