// Tensor runtime: matrix products (OpenBLAS), shape manipulation, joining.
#include <gtest/gtest.h>

#include <cmath>

#include "fluxion/runtime/runtime.hpp"
#include "tensor_test_support.hpp"

using namespace fx::rt;
using namespace fx::rt::testing;

namespace {


// The product of 2-D a and b by the definition, in double.
std::vector<double> naive_matmul(const Tensor& a, const Tensor& b) {
  int64_t m = a.dim(0), k = a.dim(1), n = b.dim(1);
  std::vector<double> c(m * n, 0.0);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      for (int64_t l = 0; l < k; ++l)
        c[i * n + j] += get_element(a, {i, l}).to_f64() * get_element(b, {l, j}).to_f64();
  return c;
}

void expect_close(const std::vector<double>& got, const std::vector<double>& want, double tol) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "element " << i;
}

}  // namespace

TEST(TensorMatmul, MatrixTimesMatrix) {
  Tensor a = f64({{1, 2, 3}, {4, 5, 6}}), b = f64({{7, 8}, {9, 10}, {11, 12}});
  EXPECT_EQ(format(matmul(a, b)), "[[58.0, 64.0], [139.0, 154.0]]");
  EXPECT_EQ(format(matmul(i64({{1, 2, 3}, {4, 5, 6}}), i64({{7, 8}, {9, 10}, {11, 12}}))),
            "[[58, 64], [139, 154]]");
  Tensor c32 = matmul(astype(a, DType::F32), astype(b, DType::F32));
  EXPECT_EQ(c32.dtype(), DType::F32);
  EXPECT_EQ(format(c32), "[[58.0, 64.0], [139.0, 154.0]]");
  EXPECT_EQ(matmul(astype(a, DType::F32), i64({{1}, {1}, {1}})).dtype(), DType::F64);
  EXPECT_EQ(format(matmul(i64({{1, 2, 3}, {4, 5, 6}}), b)), "[[58.0, 64.0], [139.0, 154.0]]");
}

TEST(TensorMatmul, VectorOperands) {
  Tensor a = f64({{1, 2, 3}, {4, 5, 6}});
  Tensor v = matmul(f64({1, 2, 3}), f64({4, 5, 6}));
  EXPECT_EQ(v.rank(), 0);
  EXPECT_EQ(format(v), "32.0");
  EXPECT_EQ(format(matmul(a, f64({1, 1, 1}))), "[6.0, 15.0]");
  EXPECT_EQ(format(matmul(f64({1, 1}), a)), "[5.0, 7.0, 9.0]");
  EXPECT_EQ(format(matmul(astype(a, DType::F32), astype(f64({1, 0, 1}), DType::F32))),
            "[4.0, 10.0]");
  EXPECT_EQ(format(matmul(i64({1, 2}), i64({3, 4}))), "11");
}

TEST(TensorMatmul, StridedOperandsAreReadCorrectly) {
  Tensor a = f64({{1, 2, 3}, {4, 5, 6}});
  EXPECT_EQ(format(matmul(transpose(a), a)),
            "[[17.0, 22.0, 27.0], [22.0, 29.0, 36.0], [27.0, 36.0, 45.0]]");
  EXPECT_EQ(format(matmul(a, transpose(a))), "[[14.0, 32.0], [32.0, 77.0]]");
  Tensor every_other = index(a, {Slice::all(), Slice{{}, {}, 2}});  // [[1, 3], [4, 6]]
  EXPECT_EQ(format(matmul(every_other, f64({{1}, {1}}))), "[[4.0], [10.0]]");
  Tensor reversed = index(f64({1, 2, 3}), {Slice{{}, {}, -1}});  // [3, 2, 1]
  EXPECT_EQ(format(matmul(a, reversed)), "[10.0, 28.0]");
  EXPECT_EQ(format(matmul(reversed, reversed)), "14.0");
  Tensor column = index(a, {Slice::all(), 1});  // [2, 5], stride 3
  EXPECT_EQ(format(matmul(column, a)), "[22.0, 29.0, 36.0]");
  EXPECT_EQ(format(matmul(column, column)), "29.0");
  Tensor bcast = broadcast_to(f64({1, 2, 3}), Shape{2, 3});
  EXPECT_EQ(format(matmul(bcast, f64({1, 1, 1}))), "[6.0, 6.0]");
}

TEST(TensorMatmul, AgreesWithTheDefinition) {
  Key k = key(7);
  auto [k1, k2] = split(k);
  Tensor a = normal(k1, Shape{37, 50}), b = normal(k2, Shape{50, 29});
  expect_close(to_vector<double>(matmul(a, b)), naive_matmul(a, b), 1e-12);
  expect_close(to_vector<double>(matmul(transpose(b), transpose(a))),
               naive_matmul(transpose(b), transpose(a)), 1e-12);
  Tensor a32 = astype(a, DType::F32), b32 = astype(b, DType::F32);
  expect_close(to_vector<double>(matmul(a32, b32)), naive_matmul(a32, b32), 1e-3);
}

// A contraction extent of 1 is an outer product, written without BLAS (linalg.cpp): each
// element is the one product a[i] * b[j], whatever the operands' strides.
TEST(TensorMatmul, ContractionOfOneIsTheOuterProduct) {
  Tensor col = f64({{1.5}, {-2}, {3}}), row = f64({{4, 0.25, -1, 2}});
  std::vector<double> want;
  for (double a : {1.5, -2.0, 3.0})
    for (double b : {4.0, 0.25, -1.0, 2.0}) want.push_back(a * b);
  EXPECT_EQ(to_vector<double>(matmul(col, row)), want);
  Tensor row_t = transpose(f64({{4}, {0.25}, {-1}, {2}}));      // (1, 4), column stride 1
  Tensor col_t = transpose(f64({{1.5, -2, 3}}));                 // (3, 1), a transposed row
  Tensor strided_row = index(f64({{4, 9, 0.25, 9, -1, 9, 2}}), {Slice::all(), Slice{{}, {}, 2}});
  EXPECT_EQ(to_vector<double>(matmul(col_t, row_t)), want);
  EXPECT_EQ(to_vector<double>(matmul(col_t, strided_row)), want);
  Tensor a32 = astype(col, DType::F32), b32 = astype(row, DType::F32);
  EXPECT_EQ(matmul(a32, b32).dtype(), DType::F32);
  expect_close(to_vector<double>(matmul(a32, b32)), want, 0.0);
  Tensor batched = matmul(reshape(f64({1, 2, 3, 4}), Shape{2, 2, 1}), reshape(f64({5, 6, 7, 8}), Shape{2, 1, 2}));
  EXPECT_EQ(format(batched), "[[[5.0, 6.0], [10.0, 12.0]], [[21.0, 24.0], [28.0, 32.0]]]");
}

// One row times a matrix is a gemv of the matrix's transpose (linalg.cpp), for either layout of
// the matrix and a strided row.
TEST(TensorMatmul, RowTimesMatrix) {
  Key k = key(11);
  auto [k1, k2] = split(k);
  Tensor row = normal(k1, Shape{1, 23}), b = normal(k2, Shape{23, 17});
  expect_close(to_vector<double>(matmul(row, b)), naive_matmul(row, b), 1e-12);
  Tensor bt = transpose(copy(transpose(b)));  // b's values, stored as its transpose
  expect_close(to_vector<double>(matmul(row, bt)), naive_matmul(row, b), 1e-12);
  Tensor wide = normal(k1, Shape{1, 46});
  Tensor strided = index(wide, {Slice::all(), Slice{{}, {}, 2}});
  expect_close(to_vector<double>(matmul(strided, bt)), naive_matmul(strided, b), 1e-12);
  Tensor r32 = astype(row, DType::F32), b32 = astype(bt, DType::F32);
  expect_close(to_vector<double>(matmul(r32, b32)), naive_matmul(r32, b32), 1e-4);
  EXPECT_EQ(format(matmul(f64({1, 2}), f64({{1, 2, 3}, {4, 5, 6}}))), "[9.0, 12.0, 15.0]");
}

TEST(TensorMatmul, Batched) {
  Tensor a = astype(reshape(arange(12), Shape{2, 2, 3}), DType::F64);
  Tensor b = f64({{1, 0}, {0, 1}, {1, 1}});
  Tensor c = matmul(a, b);
  EXPECT_EQ(c.shape(), (Shape{2, 2, 2}));
  EXPECT_EQ(format(c), "[[[2.0, 3.0], [8.0, 9.0]], [[14.0, 15.0], [20.0, 21.0]]]");
  Tensor left = astype(reshape(arange(2 * 1 * 2 * 3), Shape{2, 1, 2, 3}), DType::F64);
  Tensor right = astype(reshape(arange(3 * 3 * 2), Shape{3, 3, 2}), DType::F64);
  Tensor out = matmul(left, right);
  EXPECT_EQ(out.shape(), (Shape{2, 3, 2, 2}));
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j)
      expect_close(to_vector<double>(index(out, {i, j})),
                   naive_matmul(index(left, {i, 0}), index(right, {j})), 1e-12);
  EXPECT_EQ(matmul(a, f64({1, 1, 1})).shape(), (Shape{2, 2}));
  EXPECT_EQ(format(matmul(f64({1, 1}), a)), "[[3.0, 5.0, 7.0], [15.0, 17.0, 19.0]]");
  EXPECT_EQ(format(matmul(reshape(arange(8), Shape{2, 2, 2}), i64({{1}, {1}}))),
            "[[[1], [5]], [[9], [13]]]");
}

TEST(TensorMatmul, EmptyOperands) {
  EXPECT_EQ(format(matmul(zeros(Shape{2, 0}), zeros(Shape{0, 3}))),
            "[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]");
  EXPECT_EQ(matmul(zeros(Shape{0, 3}), zeros(Shape{3, 2})).shape(), (Shape{0, 2}));
  EXPECT_EQ(format(matmul(zeros(Shape{0}), zeros(Shape{0}))), "0.0");
}

TEST(TensorMatmul, Errors) {
  expect_error([] { matmul(zeros(Shape{2, 3}), zeros(Shape{4, 5})); },
               "matmul: inner dimensions differ: (2, 3) @ (4, 5)");
  expect_error([] { matmul(zeros(Shape{3}), zeros(Shape{4})); },
               "matmul: inner dimensions differ: (3,) @ (4,)");
  expect_error([] { matmul(zeros(Shape{}), zeros(Shape{2})); },
               "matmul: operands must have at least one dimension");
  expect_error([] { matmul(from_nested({true}), from_nested({true})); }, "matmul: bool operands");
  expect_error([] { matmul(zeros(Shape{2, 2, 3}), zeros(Shape{3, 3, 2})); },
               "cannot broadcast shapes (2,) and (3,)");
}

TEST(TensorLinalg, DotOuterTraceDiag) {
  EXPECT_EQ(format(dot(f64({1, 2}), f64({3, 4}))), "11.0");
  EXPECT_EQ(format(dot(f64({1, 2}), scalar_tensor(2.0))), "[2.0, 4.0]");
  EXPECT_EQ(format(dot(f64({{1, 2}}), f64({{3}, {4}}))), "[[11.0]]");
  expect_error([] { dot(zeros(Shape{2, 2, 2}), zeros(Shape{2})); }, "use matmul");
  EXPECT_EQ(format(outer(i64({1, 2}), i64({3, 4, 5}))), "[[3, 4, 5], [6, 8, 10]]");
  EXPECT_EQ(format(outer(f64({{1, 2}}), f64({3}))), "[[3.0], [6.0]]");
  EXPECT_EQ(format(trace(f64({{1, 2}, {3, 4}}))), "5.0");
  EXPECT_EQ(format(trace(reshape(arange(6), Shape{2, 3}))), "4");
  expect_error([] { trace(zeros(Shape{3})); }, "trace: expected a 2-D tensor, got shape (3,)");
  EXPECT_EQ(format(diag(i64({1, 2}))), "[[1, 0], [0, 2]]");
  EXPECT_EQ(format(diag(i64({1, 2}), 1)), "[[0, 1, 0], [0, 0, 2], [0, 0, 0]]");
  EXPECT_EQ(format(diag(i64({1, 2}), -1)), "[[0, 0, 0], [1, 0, 0], [0, 2, 0]]");
  Tensor m = reshape(arange(12), Shape{3, 4});
  EXPECT_EQ(format(diag(m)), "[0, 5, 10]");
  EXPECT_EQ(format(diag(m, 1)), "[1, 6, 11]");
  EXPECT_EQ(format(diag(m, 2)), "[2, 7]");
  EXPECT_EQ(format(diag(m, -1)), "[4, 9]");
  EXPECT_EQ(format(diag(m, 10)), "[]");
  EXPECT_EQ(format(diag(m, -10)), "[]");
  EXPECT_EQ(format(diag(transpose(m))), "[0, 5, 10]");
  expect_error([] { diag(zeros(Shape{2, 2, 2})); }, "diag: expected a 1-D or 2-D tensor");
}

TEST(TensorShapeOps, TransposeAndPermute) {
  Tensor x = reshape(arange(6), Shape{2, 3});
  Tensor t = transpose(x);
  EXPECT_EQ(t.shape(), (Shape{3, 2}));
  EXPECT_EQ(format(t), "[[0, 3], [1, 4], [2, 5]]");
  EXPECT_EQ(t.raw_data(), x.raw_data());  // a view
  EXPECT_EQ(format(transpose(arange(3))), "[0, 1, 2]");
  Tensor y = reshape(arange(24), Shape{2, 3, 4});
  int64_t perm[] = {2, 0, 1};
  Tensor p = transpose(y, perm);
  EXPECT_EQ(p.shape(), (Shape{4, 2, 3}));
  EXPECT_EQ(get_element(p, {3, 1, 2}), get_element(y, {1, 2, 3}));
  int64_t negative[] = {-1, 0, 1};
  EXPECT_EQ(transpose(y, negative).shape(), (Shape{4, 2, 3}));
  int64_t bad[] = {0, 0, 1};
  expect_error([&] { transpose(y, bad); }, "transpose: axes (0, 0, 1) are not a permutation");
  int64_t short_perm[] = {1, 0};
  expect_error([&] { transpose(y, short_perm); }, "not a permutation");
}

TEST(TensorShapeOps, Reshape) {
  Tensor x = arange(6);
  EXPECT_EQ(format(reshape(x, Shape{2, 3})), "[[0, 1, 2], [3, 4, 5]]");
  EXPECT_EQ(reshape(x, Shape{3, -1}).shape(), (Shape{3, 2}));
  EXPECT_EQ(reshape(x, Shape{-1}).shape(), (Shape{6}));
  EXPECT_EQ(reshape(x, Shape{1, 6, 1}).shape(), (Shape{1, 6, 1}));
  EXPECT_EQ(reshape(x, Shape{2, 3}).raw_data(), x.raw_data());
  EXPECT_EQ(format(reshape(scalar_tensor(5.0), Shape{1, 1})), "[[5.0]]");
  Tensor t = transpose(reshape(x, Shape{2, 3}));  // not contiguous: copied
  EXPECT_EQ(format(reshape(t, Shape{-1})), "[0, 3, 1, 4, 2, 5]");
  EXPECT_EQ(format(flatten(t)), "[0, 3, 1, 4, 2, 5]");
  EXPECT_TRUE(reshape(t, Shape{6}).is_unique());
  EXPECT_EQ(reshape(zeros(Shape{0, 3}), Shape{3, 0}).shape(), (Shape{3, 0}));
  expect_error([&] { reshape(x, Shape{4, -1}); },
               "cannot reshape a tensor of shape (6,) (6 elements) into shape (4, -1)");
  expect_error([&] { reshape(x, Shape{4}); }, "into shape (4,)");
  expect_error([&] { reshape(x, Shape{-1, -1}); }, "only one dimension can be -1");
  expect_error([&] { reshape(x, Shape{-2, -3}); }, "invalid dimension -2");
  expect_error([] { reshape(zeros(Shape{0}), Shape{0, -1}); }, "cannot reshape");
}

TEST(TensorShapeOps, ExpandAndSqueeze) {
  Tensor x = arange(3);
  EXPECT_EQ(format(expand_dims(x, 0)), "[[0, 1, 2]]");
  EXPECT_EQ(format(expand_dims(x, -1)), "[[0], [1], [2]]");
  EXPECT_EQ(squeeze(expand_dims(x, 1), 1).shape(), (Shape{3}));
  expect_error([&] { expand_dims(x, 2); }, "expand_dims: axis 2 is out of range");
  expect_error([&] { squeeze(x, 0); }, "squeeze: axis 0 of a tensor of shape (3,) has extent 3");
}

TEST(TensorShapeOps, ConcatAndStack) {
  Tensor a = i64({{1, 2}, {3, 4}}), b = i64({{5, 6}});
  Tensor ab[] = {a, b};
  EXPECT_EQ(format(concat(ab, 0)), "[[1, 2], [3, 4], [5, 6]]");
  Tensor c = i64({{7}, {8}});
  Tensor ac[] = {a, c};
  EXPECT_EQ(format(concat(ac, 1)), "[[1, 2, 7], [3, 4, 8]]");
  EXPECT_EQ(format(concat(ac, -1)), "[[1, 2, 7], [3, 4, 8]]");
  Tensor mixed[] = {i64({1}), f64({2.5}), zeros(Shape{0})};
  EXPECT_EQ(format(concat(mixed)), "[1.0, 2.5]");
  Tensor strided[] = {transpose(a), a};
  EXPECT_EQ(format(concat(strided, 0)), "[[1, 3], [2, 4], [1, 2], [3, 4]]");
  expect_error([&] { concat(ac, 0); }, "concat: shapes (2, 2) and (2, 1) differ outside axis 0");
  expect_error([] { concat(std::span<const Tensor>{}, 0); }, "at least one tensor");
  Tensor scalars[] = {scalar_tensor(1.0)};
  expect_error([&] { concat(scalars); }, "cannot concatenate scalar");
  Tensor v[] = {i64({1, 2}), i64({3, 4}), i64({5, 6})};
  EXPECT_EQ(format(stack(v, 0)), "[[1, 2], [3, 4], [5, 6]]");
  EXPECT_EQ(format(stack(v, 1)), "[[1, 3, 5], [2, 4, 6]]");
  EXPECT_EQ(format(stack(v, -1)), "[[1, 3, 5], [2, 4, 6]]");
  Tensor s[] = {scalar_tensor(1.0), scalar_tensor(2.0)};
  EXPECT_EQ(format(stack(s)), "[1.0, 2.0]");
  Tensor uneven[] = {i64({1, 2}), i64({3})};
  expect_error([&] { stack(uneven); }, "stack: all tensors must have the same shape, got (2,) and (1,)");
  expect_error([&] { stack(v, 3); },
               "stack: axis 3 is out of range for a new axis of a tensor of rank 1 (expected -2..1)");
  EXPECT_EQ(stack(v, -2).shape(), (Shape{3, 2}));
}
