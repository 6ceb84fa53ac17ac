// Borrowed storage (Tensor::borrow): a host's memory seen as a tensor, never written, never
// owned (docs/embedding.md).
#include <gtest/gtest.h>

#include <vector>

#include "fluxion/runtime/runtime.hpp"

namespace fx::rt {
namespace {

TEST(TensorBorrow, ViewsHostMemoryWithItsStrides) {
  std::vector<double> host = {1, 2, 3, 4, 5, 6};
  const int64_t strides[] = {1, 3};  // the transpose of a row-major 2x3 matrix: shape (3, 2)
  Tensor t = Tensor::borrow(DType::F64, host.data(), Shape{3, 2}, strides);
  EXPECT_TRUE(t.is_borrowed());
  EXPECT_FALSE(t.is_unique());
  EXPECT_FALSE(t.owns_storage());
  EXPECT_EQ(t.raw_data(), host.data());
  EXPECT_EQ(to_vector<double>(contiguous(t)), (std::vector<double>{1, 4, 2, 5, 3, 6}));
}

TEST(TensorBorrow, AllocatesNoStorage) {
  std::vector<double> host(1000, 1.0);
  const int64_t before = allocated_bytes();
  const int64_t strides[] = {1};
  Tensor t = Tensor::borrow(DType::F64, host.data(), Shape{1000}, strides);
  Tensor v = t.view(Shape{10}, strides, 5);
  EXPECT_EQ(allocated_bytes(), before);
  EXPECT_TRUE(v.is_borrowed());
}

TEST(TensorBorrow, AnUpdateCopiesInsteadOfWritingTheHost) {
  std::vector<double> host = {1, 2, 3};
  const int64_t strides[] = {1};
  Tensor t = Tensor::borrow(DType::F64, host.data(), Shape{3}, strides);
  Tensor updated = set_index(std::move(t), Indices{1}, Scalar(9.0));
  EXPECT_EQ(host, (std::vector<double>{1, 2, 3}));
  EXPECT_FALSE(updated.is_borrowed());
  EXPECT_EQ(to_vector<double>(updated), (std::vector<double>{1, 9, 3}));
}

TEST(TensorBorrow, OwnedTensorsAreNotBorrowed) {
  EXPECT_FALSE(Tensor::zeroed(DType::F64, Shape{2}).is_borrowed());
  Tensor owned = Tensor::zeroed(DType::F64, Shape{4});
  const int64_t strides[] = {2};
  EXPECT_FALSE(owned.view(Shape{2}, strides, 0).is_borrowed());
}

}  // namespace
}  // namespace fx::rt
