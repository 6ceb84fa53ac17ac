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

}  // namespace fx::rt
