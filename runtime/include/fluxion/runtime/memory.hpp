// The allocation limit: the largest tensor storage one request may ask for.
//
// Generated code calls kernels without a context argument, so the limit is a process-wide setting
// that the driver configures once (from its options) before running a program; tests change it
// through ScopedAllocationLimit. Requests over the limit — and requests whose byte count
// overflows — fail with TensorError "cannot allocate ... bytes" instead of reaching the allocator.
#pragma once
#include <cstdint>
#include <string>

namespace fx::rt {

inline constexpr int64_t kDefaultAllocationLimit = int64_t{16} << 30;  // 16 GiB

int64_t allocation_limit();
void set_allocation_limit(int64_t bytes);

class ScopedAllocationLimit {
 public:
  explicit ScopedAllocationLimit(int64_t bytes) : saved_(allocation_limit()) {
    set_allocation_limit(bytes);
  }
  ~ScopedAllocationLimit() { set_allocation_limit(saved_); }
  ScopedAllocationLimit(const ScopedAllocationLimit&) = delete;
  ScopedAllocationLimit& operator=(const ScopedAllocationLimit&) = delete;

 private:
  int64_t saved_;
};

// Throws TensorError "cannot allocate N bytes for WHAT: ..." when `bytes` is over the limit.
void check_allocation(int64_t bytes, const std::string& what);

// The bytes of tensor storage allocated by this thread so far (views and handles not counted).
// Tests check the complexity of in-place updates by this count at two sizes, not by timing:
// a copy per update shows up as bytes growing with the tensor size times the updates.
int64_t allocated_bytes();

// The storage cache (storage_cache.cpp). Freed tensor storage is not returned to the OS but kept
// by size class (four per power of two) and reused by the next allocation of its class: after
// a loop's first iteration, allocating the same shapes again costs no page faults and no
// zeroing by the kernel. The cache holds at most storage_cache_limit() bytes (a block freed
// beyond it goes back to the OS; 0 turns caching off); release_storage_cache() returns every
// cached block, as does an allocation that the OS refuses before it is retried.
inline constexpr int64_t kDefaultStorageCacheLimit = int64_t{1} << 30;  // 1 GiB

int64_t storage_cache_limit();
void set_storage_cache_limit(int64_t bytes);  // lowering it under the cached bytes releases them
void release_storage_cache();

struct StorageCacheStats {
  int64_t cached_bytes;  // held for reuse now
  int64_t reused;        // allocations served from the cache so far (process-wide)
  int64_t fresh;         // allocations that asked the OS
};
StorageCacheStats storage_cache_stats();

}  // namespace fx::rt
