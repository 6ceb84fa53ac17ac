// Tensor runtime at the edges of i64: extents, strides and offsets that would overflow are
// TensorErrors, never undefined behaviour (the sanitizer build, `make test-asan`, checks that).
#include <gtest/gtest.h>

#include <cstdint>
#include <utility>

#include "fluxion/runtime/runtime.hpp"
#include "tensor_test_support.hpp"

using namespace fx::rt;
using namespace fx::rt::testing;

namespace {

constexpr int64_t kHalf = int64_t(1) << 62;  // times 4 (or 2 times 8 bytes) overflows

// A span of a temporary Shape would dangle (the extents live inside the Shape): it is refused at
// compile time, so `for (auto d : t.shape().dims())` cannot be written.
template <class S> concept HasDims = requires(S&& s) { std::forward<S>(s).dims(); };
static_assert(!HasDims<Shape>);  // a temporary
static_assert(HasDims<const Shape&>);

}  // namespace

// NumPy's rule: the non-zero extents must multiply within i64 even when another extent is zero,
// so that the answer does not depend on the order of the axes.
TEST(TensorExtents, ElementCountOverflowDoesNotDependOnAxisOrder) {
  expect_error([] { Shape({kHalf, 4, 0}).numel(); }, "the element count overflows");
  expect_error([] { Shape({0, kHalf, 4}).numel(); }, "the element count overflows");
  EXPECT_EQ(Shape({0, kHalf, 1}).numel(), 0);
  EXPECT_EQ(Shape({3, 0, 5}).numel(), 0);
}

// Byte strides of an empty tensor are element strides times the itemsize: they must fit too.
TEST(TensorExtents, EmptyTensorsWhoseByteStridesOverflowAreRefused) {
  expect_error([] { zeros(Shape{kHalf, 0}); }, "the byte count overflows");
  expect_error([] { zeros(Shape{0, kHalf, 1}, DType::F64); }, "the byte count overflows");
  Tensor ok = zeros(Shape{kHalf, 0}, DType::Bool);  // 2^62 bytes of extent: fits
  EXPECT_EQ(ok.numel(), 0);
  EXPECT_EQ(format(ok.view(Shape{2, 0}, std::vector<int64_t>{kHalf / 2, 1}, 0)), "[[], []]");
}

TEST(TensorExtents, ReshapeOfAnEmptyTensorChecksTheNewStrides) {
  Tensor e = zeros(Shape{2, 0});
  expect_error([&] { reshape(e, Shape{0, kHalf, 4}); }, "the byte count overflows");
  EXPECT_EQ(reshape(e, Shape{0, 7, 3}).shape(), (Shape{0, 7, 3}));
}

TEST(TensorExtents, DiagOffsetsAtTheEndsOfI64) {
  Tensor v = arange(3);
  expect_error([&] { diag(v, INT64_MIN); }, "diag: offset -9223372036854775808 is too large");
  expect_error([&] { diag(v, INT64_MAX); }, "diag: offset 9223372036854775807 is too large");
  Tensor m = zeros(Shape{3, 3});
  EXPECT_EQ(diag(m, INT64_MIN).numel(), 0);
  EXPECT_EQ(diag(m, INT64_MAX).numel(), 0);
}
