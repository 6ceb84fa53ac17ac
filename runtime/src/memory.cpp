#include "fluxion/runtime/memory.hpp"

#include <atomic>

#include "fluxion/runtime/error.hpp"
#include "tensor_internal.hpp"

namespace fx::rt {

namespace {
// Process-wide by necessity (see memory.hpp); atomic so that threads may read it freely.
std::atomic<int64_t> g_allocation_limit{kDefaultAllocationLimit};
// Per thread, so that counting costs one add and tests running in parallel do not mix.
thread_local int64_t t_allocated_bytes = 0;
}  // namespace

int64_t allocated_bytes() { return t_allocated_bytes; }

namespace detail {
void count_allocation(int64_t bytes) { t_allocated_bytes += bytes; }
}  // namespace detail

int64_t allocation_limit() { return g_allocation_limit.load(std::memory_order_relaxed); }

void set_allocation_limit(int64_t bytes) {
  if (bytes < 0) tensor_error("allocation limit must be non-negative, got " + std::to_string(bytes));
  g_allocation_limit.store(bytes, std::memory_order_relaxed);
}

void check_allocation(int64_t bytes, const std::string& what) {
  int64_t limit = allocation_limit();
  if (bytes < 0 || bytes > limit)
    tensor_error("cannot allocate " + std::to_string(bytes) + " bytes for " + what +
                 ": over the limit of " + std::to_string(limit) + " bytes");
}

}  // namespace fx::rt
