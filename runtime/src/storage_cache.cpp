// The storage cache (memory.hpp): freed tensor blocks are kept in free lists by size class and
// handed out again, so a training step that allocates the same shapes every iteration reuses
// last iteration's memory instead of asking the OS to map, fault in and zero fresh pages.
//
// A block is returned here by the release that takes its header's reference count to zero
// (tensor.cpp), which happens exactly once per block whatever thread does it; the free lists
// themselves are shared by all threads under one mutex (a lock costs ~20 ns, a page fault
// ~1 µs per 4 KiB).
#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

#include "fluxion/runtime/error.hpp"
#include "fluxion/runtime/memory.hpp"
#include "tensor_internal.hpp"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
// A cached block is poisoned until it is handed out again: a use after free stays an error.
#define FX_POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define FX_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define FX_POISON(p, n) ((void)(p), (void)(n))
#define FX_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

namespace fx::rt {

namespace {

// Blocks are 64-byte aligned (a cache line, the widest vector load) and their capacities are
// multiples of 64.
constexpr size_t kAlignment = 64;

// Size classes: 64, 128, 192, 256, then four per power of two (2^e + q 2^(e-2), q = 1..4), so
// a block is at most 25% larger than the request it serves.
constexpr int kSmallClasses = 4;
constexpr int kClasses = kSmallClasses + 4 * (63 - 8);

struct SizeClass {
  int index;
  size_t capacity;
};

SizeClass size_class(size_t bytes) {
  const size_t n = std::max<size_t>(bytes, 1);
  if (n <= 256) {
    const int i = static_cast<int>((n + 63) / 64) - 1;
    return {i, static_cast<size_t>(i + 1) * 64};
  }
  const int e = std::bit_width(n - 1) - 1;  // 2^e < n <= 2^(e+1), e >= 8
  const size_t low = size_t{1} << e, step = low >> 2;
  const size_t q = (n - low + step - 1) / step;  // 1..4
  return {kSmallClasses + 4 * (e - 8) + static_cast<int>(q - 1), low + q * step};
}

class StorageCache {
 public:
  void* take(size_t bytes) {
    const SizeClass c = size_class(bytes);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      std::vector<void*>& list = free_[c.index];
      if (!list.empty()) {
        void* block = list.back();
        list.pop_back();
        cached_bytes_ -= static_cast<int64_t>(c.capacity);
        ++reused_;
        FX_UNPOISON(block, c.capacity);
        return block;
      }
      ++fresh_;
    }
    void* block = std::aligned_alloc(kAlignment, c.capacity);
    if (block == nullptr) {  // memory is short: what the cache holds goes back, then retry
      release();
      block = std::aligned_alloc(kAlignment, c.capacity);
    }
    return block;
  }

  void give(void* block, size_t bytes) {
    const SizeClass c = size_class(bytes);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (cached_bytes_ + static_cast<int64_t>(c.capacity) <= limit_) {
        // Pushing may allocate; if it cannot, the block is freed below instead.
        try {
          free_[c.index].push_back(block);
          cached_bytes_ += static_cast<int64_t>(c.capacity);
          FX_POISON(block, c.capacity);
          return;
        } catch (const std::bad_alloc&) {
        }
      }
    }
    std::free(block);
  }

  void release() {
    std::array<std::vector<void*>, kClasses> taken;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      taken.swap(free_);
      cached_bytes_ = 0;
    }
    for (std::vector<void*>& list : taken)
      for (void* block : list) std::free(block);  // free() may unpoison: ASan knows the block
  }

  void set_limit(int64_t bytes) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      limit_ = bytes;
      if (cached_bytes_ <= limit_) return;
    }
    release();
  }

  int64_t limit() {
    std::lock_guard<std::mutex> lock(mutex_);
    return limit_;
  }

  StorageCacheStats stats() {
    std::lock_guard<std::mutex> lock(mutex_);
    return {cached_bytes_, reused_, fresh_};
  }

 private:
  std::mutex mutex_;
  std::array<std::vector<void*>, kClasses> free_;
  int64_t cached_bytes_ = 0;
  int64_t limit_ = kDefaultStorageCacheLimit;
  int64_t reused_ = 0, fresh_ = 0;
};

// Never destroyed: tensors held by static objects may be freed after every destructor of this
// file has run. The blocks stay reachable through it, so leak checkers do not report them.
StorageCache& cache() {
  static StorageCache* instance = new StorageCache;
  return *instance;
}

}  // namespace

int64_t storage_cache_limit() { return cache().limit(); }

void set_storage_cache_limit(int64_t bytes) {
  if (bytes < 0) tensor_error("storage cache limit must be non-negative, got " + std::to_string(bytes));
  cache().set_limit(bytes);
}

void release_storage_cache() { cache().release(); }

StorageCacheStats storage_cache_stats() { return cache().stats(); }

namespace detail {

void* take_block(int64_t bytes) { return cache().take(static_cast<size_t>(bytes)); }

void give_block(void* block, int64_t bytes) { cache().give(block, static_cast<size_t>(bytes)); }

}  // namespace detail

}  // namespace fx::rt
