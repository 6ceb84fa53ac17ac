// Tensor runtime: NumPy indexing and slicing, and functional updates that are in place when the
// tensor is uniquely owned.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "fluxion/runtime/gather.hpp"
#include "fluxion/runtime/runtime.hpp"
#include "tensor_test_support.hpp"

using namespace fx::rt;
using namespace fx::rt::testing;

namespace {


// y[start:stop:step] of arange(10), printed.
std::string slice10(std::optional<int64_t> start, std::optional<int64_t> stop,
                    std::optional<int64_t> step = std::nullopt) {
  return format(index(arange(10), {Slice{start, stop, step}}));
}

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

}  // namespace

TEST(TensorIndex, IntegersAlongLeadingAxes) {
  Tensor x = reshape(arange(12), Shape{3, 4});
  EXPECT_EQ(format(index(x, {1})), "[4, 5, 6, 7]");
  EXPECT_EQ(format(index(x, {-1})), "[8, 9, 10, 11]");
  EXPECT_EQ(format(index(x, {-3})), "[0, 1, 2, 3]");
  Tensor e = index(x, {1, -1});
  EXPECT_EQ(e.rank(), 0);
  EXPECT_EQ(format(e), "7");
  EXPECT_EQ(get_element(x, {2, 3}), Scalar(int64_t{11}));
  EXPECT_EQ(get_element(x, {-1, -4}), Scalar(int64_t{8}));
  EXPECT_EQ(index(x, {1}).raw_data(), static_cast<int64_t*>(x.raw_data()) + 4);  // a view
}

TEST(TensorIndex, OutOfRangeAndTooMany) {
  Tensor x = reshape(arange(12), Shape{3, 4});
  expect_error([&] { index(x, {5}); }, "index 5 is out of range for axis 0 of size 3");
  expect_error([&] { index(x, {-4}); }, "index -4 is out of range for axis 0 of size 3");
  expect_error([&] { index(x, {0, 4}); }, "index 4 is out of range for axis 1 of size 4");
  expect_error([&] { index(x, {kMin}); }, "out of range for axis 0 of size 3");
  expect_error([&] { index(x, {0, 0, 0}); }, "too many indices: 3 given for a tensor of rank 2");
  expect_error([&] { get_element(x, {0}); }, "expected 2 indices for a tensor of shape (3, 4), got 1");
  expect_error([] { index(scalar_tensor(1.0), {0}); }, "too many indices");
  expect_error([] { index(zeros(Shape{0}), {0}); }, "index 0 is out of range for axis 0 of size 0");
}

TEST(TensorIndex, SlicesFollowPythonClamping) {
  EXPECT_EQ(slice10(2, 7, 2), "[2, 4, 6]");
  EXPECT_EQ(slice10({}, {}, -1), "[9, 8, 7, 6, 5, 4, 3, 2, 1, 0]");
  EXPECT_EQ(slice10(8, 2, -3), "[8, 5]");
  EXPECT_EQ(slice10(-3, {}), "[7, 8, 9]");
  EXPECT_EQ(slice10({}, -7, -2), "[9, 7, 5]");
  EXPECT_EQ(slice10(100, {}), "[]");
  EXPECT_EQ(slice10(-100, 3), "[0, 1, 2]");
  EXPECT_EQ(slice10(5, 100, -1), "[]");
  EXPECT_EQ(slice10(100, -100, -1), "[9, 8, 7, 6, 5, 4, 3, 2, 1, 0]");
  EXPECT_EQ(slice10(3, 3), "[]");
  EXPECT_EQ(slice10(7, 3), "[]");
  EXPECT_EQ(slice10(-1, -11, -4), "[9, 5, 1]");
  EXPECT_EQ(slice10({}, {}, kMax), "[0]");
  EXPECT_EQ(slice10({}, {}, kMin), "[9]");
  EXPECT_EQ(slice10(kMin, kMax), "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]");
  EXPECT_EQ(format(index(zeros(Shape{0}), {Slice{{}, {}, -1}})), "[]");
  expect_error([] { slice10(1, 2, 0); }, "slice step cannot be zero");
  SliceRange r = resolve(Slice{{}, {}, -2}, 5);
  EXPECT_EQ(r.start, 4);
  EXPECT_EQ(r.step, -2);
  EXPECT_EQ(r.length, 3);
}

TEST(TensorIndex, MixedItemsAndChainedViews) {
  Tensor x = reshape(arange(12), Shape{3, 4});
  EXPECT_EQ(format(index(x, {Slice::all(), 1})), "[1, 5, 9]");
  EXPECT_EQ(format(index(x, {Slice::all(), -1})), "[3, 7, 11]");
  EXPECT_EQ(format(index(x, {Slice{1, {}}, Slice{{}, {}, 2}})), "[[4, 6], [8, 10]]");
  EXPECT_EQ(format(index(x, {Slice{{}, {}, -1}, Slice{{}, {}, -2}})),
            "[[11, 9], [7, 5], [3, 1]]");
  Tensor rev = index(x, {Slice{{}, {}, -1}});
  EXPECT_EQ(format(index(rev, {0})), "[8, 9, 10, 11]");
  EXPECT_EQ(format(index(index(rev, {Slice::all(), Slice{1, 3}}), {Slice{{}, {}, -1}})),
            "[[1, 2], [5, 6], [9, 10]]");
  EXPECT_EQ(format(index(transpose(x), {2})), "[2, 6, 10]");
  EXPECT_EQ(index(x, {Slice{5, 9}}).shape(), (Shape{0, 4}));
}

TEST(TensorUpdate, InPlaceWhenUnique) {
  Tensor x = zeros(Shape{5});
  void* storage = x.raw_data();
  x = set_index(std::move(x), {2}, Scalar(1.5));
  EXPECT_EQ(x.raw_data(), storage);
  EXPECT_EQ(format(x), "[0.0, 0.0, 1.5, 0.0, 0.0]");
  x = set_index(std::move(x), {-1}, Scalar(int64_t{7}));  // i64 value into f64: fine
  EXPECT_EQ(format(x), "[0.0, 0.0, 1.5, 0.0, 7.0]");
  x = set_item(std::move(x), {Slice{0, 2}}, f64({8, 9}));
  EXPECT_EQ(x.raw_data(), storage);
  EXPECT_EQ(format(x), "[8.0, 9.0, 1.5, 0.0, 7.0]");
}

TEST(TensorUpdate, CopyWhenShared) {
  Tensor x = zeros(Shape{3});
  Tensor other = x;  // a second holder of the same value
  x = set_index(std::move(x), {0}, Scalar(5.0));
  EXPECT_EQ(format(x), "[5.0, 0.0, 0.0]");
  EXPECT_EQ(format(other), "[0.0, 0.0, 0.0]");
  EXPECT_NE(x.raw_data(), other.raw_data());
  EXPECT_TRUE(x.is_unique());
  EXPECT_TRUE(other.is_unique());

  // A view shares its owner's storage: updating either copies.
  Tensor base = arange(6);
  Tensor view = index(base, {Slice{1, 4}});
  view = set_index(std::move(view), {0}, Scalar(int64_t{100}));
  EXPECT_EQ(format(view), "[100, 2, 3]");
  EXPECT_EQ(format(base), "[0, 1, 2, 3, 4, 5]");
  Tensor view2 = index(base, {Slice{{}, {}, 2}});
  base = set_index(std::move(base), {0}, Scalar(int64_t{-1}));
  EXPECT_EQ(format(base), "[-1, 1, 2, 3, 4, 5]");
  EXPECT_EQ(format(view2), "[0, 2, 4]");

  // Passing an lvalue (not moving) keeps the caller's value intact.
  Tensor y = zeros(Shape{2});
  const int64_t before = allocated_bytes();
  Tensor z = set_index(y, {1}, Scalar(1.0));
  EXPECT_GE(allocated_bytes() - before, 16) << "the copy is counted in allocated_bytes()";
  EXPECT_EQ(format(y), "[0.0, 0.0]");
  EXPECT_EQ(format(z), "[0.0, 1.0]");
}

TEST(TensorUpdate, MillionUpdatesOnAUniqueTensorAreLinear) {
  constexpr int64_t n = 1000000;
  Tensor x = zeros(Shape{n});
  void* storage = x.raw_data();
  // In place: the same storage, and no byte of tensor storage allocated by the updates
  // (counted, not timed; timings: bench/complexity/).
  const int64_t before = allocated_bytes();
  for (int64_t i = 0; i < n; ++i) x = set_index(std::move(x), {i}, Scalar(static_cast<double>(i)));
  EXPECT_EQ(allocated_bytes() - before, 0) << "bytes allocated by 10^6 in-place updates";
  EXPECT_EQ(x.raw_data(), storage);
  EXPECT_EQ(sum(x).item().to_f64(), static_cast<double>(n) * (n - 1) / 2);
}

TEST(TensorUpdate, RowsSlicesAndBroadcastValues) {
  Tensor x = zeros(Shape{3, 4});
  x = set_index(std::move(x), {1}, f64({1, 2, 3, 4}));
  EXPECT_EQ(format(index(x, {1})), "[1.0, 2.0, 3.0, 4.0]");
  x = set_item(std::move(x), {Slice::all(), 0}, f64({7, 8, 9}));
  EXPECT_EQ(format(index(x, {Slice::all(), 0})), "[7.0, 8.0, 9.0]");
  x = set_slice(std::move(x), {Slice{{}, {}, -2}, Slice{2, {}}}, scalar_tensor(5.0));
  EXPECT_EQ(format(x), "[[7.0, 0.0, 5.0, 5.0], [8.0, 2.0, 3.0, 4.0], [9.0, 0.0, 5.0, 5.0]]");
  x = set_index(std::move(x), {0}, scalar_tensor(1.0));  // a whole row from a scalar
  EXPECT_EQ(format(index(x, {0})), "[1.0, 1.0, 1.0, 1.0]");
  Tensor r = arange(4);
  r = set_item(std::move(r), {Slice{{}, {}, -1}}, arange(4));
  EXPECT_EQ(format(r), "[3, 2, 1, 0]");
  Tensor e = set_item(zeros(Shape{3}), {Slice{5, 9}}, f64({1}));  // empty region
  EXPECT_EQ(format(e), "[0.0, 0.0, 0.0]");
}

TEST(TensorUpdate, ErrorsChangeNothing) {
  Tensor x = zeros(Shape{3});
  Tensor keep = x;
  expect_error([&] { x = set_index(std::move(x), {3}, Scalar(1.0)); },
               "index 3 is out of range for axis 0 of size 3");
  Tensor y = arange(3);
  expect_error([&] { y = set_index(std::move(y), {0}, Scalar(1.5)); },
               "cannot assign f64 values into a tensor of dtype i64");
  expect_error([] { set_item(zeros(Shape{3}), {Slice{0, 2}}, zeros(Shape{3})); },
               "cannot assign a tensor of shape (3,) to an indexed region of shape (2,)");
  expect_error([] { set_item(zeros(Shape{2}), {Slice{{}, {}, 0}}, zeros(Shape{1})); },
               "slice step cannot be zero");
  EXPECT_EQ(format(keep), "[0.0, 0.0, 0.0]");
  Tensor b = set_index(zeros(Shape{2}, DType::Bool), {0}, Scalar(true));
  EXPECT_EQ(format(b), "[True, False]");
  EXPECT_EQ(format(set_index(arange(2), {1}, Scalar(true))), "[0, 1]");
}

// ------------------------------------------------------------ gather.hpp: index arrays, masks
TEST(TensorGather, TakeAlongAnAxis) {
  Tensor x = reshape(arange(12), Shape{3, 4});
  EXPECT_EQ(format(take(x, from_vector<int64_t>({2, 0, 2}), 0)), "[[8, 9, 10, 11], [0, 1, 2, 3], [8, 9, 10, 11]]");
  EXPECT_EQ(format(take(x, from_vector<int64_t>({-1, 1}), 1)), "[[3, 1], [7, 5], [11, 9]]");
  Tensor idx2 = reshape(from_vector<int64_t>({0, 1, 1, 0}), Shape{2, 2});
  EXPECT_EQ(take(x, idx2, 1).shape(), Shape({3, 2, 2}));
  EXPECT_EQ(format(take(transpose(x), from_vector<int64_t>({1}), 0)), "[[1, 5, 9]]");  // a strided view
  expect_error([&] { take(x, from_vector<int64_t>({3}), 0); }, "index 3 is out of range for axis 0 of size 3");
}

TEST(TensorGather, PutAssignsOrAddsLikeNumpy) {
  Tensor z = zeros(Shape{5});
  EXPECT_EQ(format(put(z, from_vector<int64_t>({0, 2, 2}), 0, scalar_tensor(Scalar(1.0)), true)),
            "[1.0, 0.0, 2.0, 0.0, 0.0]");  // np.add.at
  EXPECT_EQ(format(z), "[0.0, 0.0, 0.0, 0.0, 0.0]");  // z was shared: copied
  EXPECT_EQ(format(put(zeros(Shape{5}), from_vector<int64_t>({0, 2, 2}), 0, from_vector<double>({1.0, 2.0, 3.0}), false)),
            "[1.0, 0.0, 3.0, 0.0, 0.0]");  // the last of a repeated index wins
  Tensor m = zeros(Shape{2, 3});
  EXPECT_EQ(format(put(m, from_vector<int64_t>({1, 1}), 1, from_vector<double>({1.0, 2.0}), true)),
            "[[0.0, 3.0, 0.0], [0.0, 3.0, 0.0]]");
  expect_error([&] { put(zeros(Shape{3}), from_vector<int64_t>({0, 1}), 0, from_vector<double>({1.0, 2.0, 3.0}), false); },
               "cannot assign a tensor of shape (3,) to an indexed region of shape (2,)");
  expect_error([&] { put(arange(3), from_vector<int64_t>({0}), 0, scalar_tensor(Scalar(0.5)), false); },
               "cannot assign f64 values into a tensor of dtype i64");
}

TEST(TensorGather, Masks) {
  Tensor x = reshape(arange(6), Shape{2, 3});
  Tensor mask = greater(x, scalar_tensor(Scalar(int64_t{2})));
  EXPECT_EQ(format(flatnonzero(mask)), "[3, 4, 5]");
  EXPECT_EQ(format(mask_select(x, mask, 0)), "[3, 4, 5]");
  Tensor rows = greater(from_vector<int64_t>({1, 0}), scalar_tensor(Scalar(int64_t{0})));
  EXPECT_EQ(format(mask_select(x, rows, 0)), "[[0, 1, 2]]");
  EXPECT_EQ(format(mask_put(x, mask, 0, scalar_tensor(Scalar(int64_t{-1})), false)), "[[0, 1, 2], [-1, -1, -1]]");
  EXPECT_EQ(format(mask_put(x, mask, 0, scalar_tensor(Scalar(int64_t{10})), true)), "[[0, 1, 2], [13, 14, 15]]");
  expect_error([&] { mask_select(x, greater(from_vector<int64_t>({1, 0, 1}), scalar_tensor(Scalar(int64_t{0}))), 0); },
               "boolean index of shape (3,) does not match the indexed axes of a tensor of shape (2, 3)");
}
