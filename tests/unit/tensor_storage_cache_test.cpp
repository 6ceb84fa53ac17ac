// The storage cache (memory.hpp): freed tensor storage is reused by size class, bounded by a
// limit, released on request, and returned exactly once when handles are dropped by two threads.
#include <gtest/gtest.h>

#include <set>
#include <thread>
#include <vector>

#include "fluxion/runtime/runtime.hpp"
#include "tensor_test_support.hpp"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

using namespace fx::rt;

namespace {

// Each test starts from an empty cache with the default limit, and leaves it so.
class StorageCache : public ::testing::Test {
 protected:
  void SetUp() override { release_storage_cache(); }
  void TearDown() override {
    set_storage_cache_limit(kDefaultStorageCacheLimit);
    release_storage_cache();
  }
};

}  // namespace

TEST_F(StorageCache, ReusesAFreedBlockOfTheSameClass) {
  const StorageCacheStats before = storage_cache_stats();
  void* first;
  {
    Tensor t = Tensor::empty(DType::F64, Shape{1000});
    first = t.raw_data();
  }
  EXPECT_GT(storage_cache_stats().cached_bytes, 8000);
  Tensor again = Tensor::empty(DType::F64, Shape{10, 100});
  EXPECT_EQ(again.raw_data(), first);
  EXPECT_EQ(storage_cache_stats().reused, before.reused + 1);
  EXPECT_EQ(storage_cache_stats().cached_bytes, 0);
  // 990 elements fall in the same class (classes are 25% apart), 2000 do not.
  again = Tensor();
  Tensor near = Tensor::empty(DType::F64, Shape{990});
  EXPECT_EQ(near.raw_data(), first);
  Tensor larger = Tensor::empty(DType::F64, Shape{2000});
  EXPECT_NE(larger.raw_data(), first);
}

TEST_F(StorageCache, ReusedBlocksStayAlignedAndZeroedTensorsAreZero) {
  {
    Tensor t = full(Shape{4096}, 7.0);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(t.raw_data()) % 64, 0u);
  }
  Tensor z = zeros(Shape{4096});
  const double* p = z.data<double>();
  for (int64_t i = 0; i < z.numel(); ++i) ASSERT_EQ(p[i], 0.0) << "element " << i;
  EXPECT_EQ(reinterpret_cast<uintptr_t>(z.raw_data()) % 64, 0u);
}

TEST_F(StorageCache, ViewsKeepTheirOwnerOutOfTheCache) {
  Tensor t = arange(100);
  void* data = t.raw_data();
  Tensor v = transpose(reshape(t, Shape{10, 10}));
  t = Tensor();
  EXPECT_EQ(storage_cache_stats().cached_bytes, 0);  // the view still holds the storage
  EXPECT_EQ(v.shape(), (Shape{10, 10}));
  v = Tensor();
  EXPECT_GT(storage_cache_stats().cached_bytes, 800);
  EXPECT_EQ(Tensor::empty(DType::I64, Shape{100}).raw_data(), data);
}

TEST_F(StorageCache, KeepsNoMoreThanItsLimit) {
  set_storage_cache_limit(64 << 10);
  { Tensor small = Tensor::empty(DType::F64, Shape{1024}); }  // 8 KiB: kept
  const int64_t kept = storage_cache_stats().cached_bytes;
  EXPECT_GT(kept, 8 << 10);
  EXPECT_LE(kept, 64 << 10);
  { Tensor big = Tensor::empty(DType::F64, Shape{1 << 17}); }  // 1 MiB: over the limit, freed
  EXPECT_EQ(storage_cache_stats().cached_bytes, kept);
  // Lowering the limit under what is cached releases it; 0 turns caching off.
  set_storage_cache_limit(0);
  EXPECT_EQ(storage_cache_limit(), 0);
  EXPECT_EQ(storage_cache_stats().cached_bytes, 0);
  { Tensor small = Tensor::empty(DType::F64, Shape{1024}); }
  EXPECT_EQ(storage_cache_stats().cached_bytes, 0);
  fx::rt::testing::expect_error([] { set_storage_cache_limit(-1); }, "must be non-negative");
}

TEST_F(StorageCache, ReleaseReturnsEveryCachedBlock) {
  {
    std::vector<Tensor> ts;
    for (int64_t n = 1; n <= 64; ++n) ts.push_back(Tensor::empty(DType::F32, Shape{n * 100}));
  }
  EXPECT_GT(storage_cache_stats().cached_bytes, 64 * 100 * 4);
  release_storage_cache();
  EXPECT_EQ(storage_cache_stats().cached_bytes, 0);
  const StorageCacheStats before = storage_cache_stats();
  Tensor t = Tensor::empty(DType::F32, Shape{6400});
  EXPECT_EQ(storage_cache_stats().fresh, before.fresh + 1);
}

// Two threads drop their handles to the same tensors at the same time: the atomic reference
// count gives each block back exactly once, so the cache then holds each block once (a block
// returned twice would be handed out twice below; ASan would also report it).
TEST_F(StorageCache, ConcurrentFreesFromTwoThreadsReturnEachBlockOnce) {
  constexpr int kTensors = 2000;
  std::vector<Tensor> mine, theirs;
  std::set<void*> blocks;
  for (int i = 0; i < kTensors; ++i) {
    mine.push_back(Tensor::empty(DType::F64, Shape{64}));
    blocks.insert(mine.back().header());
  }
  theirs = mine;
  auto drop_all = [](std::vector<Tensor>& ts) {
    for (Tensor& t : ts) {
      Tensor scratch = Tensor::empty(DType::F64, Shape{3, 64});  // allocations interleave too
      t = Tensor();
    }
  };
  std::thread a(drop_all, std::ref(mine)), b(drop_all, std::ref(theirs));
  a.join();
  b.join();
  const StorageCacheStats before = storage_cache_stats();
  std::set<void*> handed_out;
  std::vector<Tensor> again;
  for (int i = 0; i < kTensors; ++i) {
    again.push_back(Tensor::empty(DType::F64, Shape{64}));
    handed_out.insert(again.back().header());
  }
  EXPECT_EQ(handed_out.size(), static_cast<size_t>(kTensors));
  EXPECT_EQ(handed_out, blocks);
  EXPECT_EQ(storage_cache_stats().reused, before.reused + kTensors);
}

// A training step allocates the same shapes every iteration: after the first, none is fresh.
TEST_F(StorageCache, ARepeatedComputationAllocatesNothingFreshAfterItsFirstRun) {
  auto step = [](const Tensor& x, const Tensor& w) { return sum(tanh(matmul(x, w)) * scalar_tensor(2.0)); };
  Tensor x = full(Shape{64, 32}, 0.5), w = full(Shape{32, 16}, 0.25);
  step(x, w);
  const int64_t fresh = storage_cache_stats().fresh;
  for (int i = 0; i < 10; ++i) step(x, w);
  EXPECT_EQ(storage_cache_stats().fresh, fresh);
}

#if defined(__SANITIZE_ADDRESS__)
// Under ASan a cached block is poisoned until it is handed out again, so that reading a freed
// tensor's storage is still reported although the memory was not returned to malloc.
TEST_F(StorageCache, CachedBlocksArePoisonedUnderAddressSanitizer) {
  void* data;
  {
    Tensor t = Tensor::empty(DType::F64, Shape{100});
    data = t.raw_data();
  }
  EXPECT_TRUE(__asan_address_is_poisoned(data));
  Tensor again = Tensor::empty(DType::F64, Shape{100});
  ASSERT_EQ(again.raw_data(), data);
  EXPECT_FALSE(__asan_address_is_poisoned(again.raw_data()));
}
#endif
