// View headers (tensor_internal.hpp): the header of a view or of borrowed storage is a block of
// its own, made and freed as often as the slices that make it (`w[0:b]` per step of a
// recurrent model: malloc and free were a tenth of ADBench's LSTM). Freed ones are kept on a
// free list per thread, up to kKept of them, and handed out again zeroed. A header freed on
// another thread than the one that made it joins that thread's list: every header is the same
// size, so none is ever the wrong one. Under ASan the list is bypassed, so that a use after
// free of a header is still reported.
#include <cstdlib>
#include <cstring>

#include "tensor_internal.hpp"

namespace fx::rt::detail {

namespace {

#if !defined(__SANITIZE_ADDRESS__)

constexpr int kKept = 1024;  // 192 KiB of headers per thread at most

// A singly linked list through the first word of each free header.
struct FreeHeaders {
  void* top = nullptr;
  int count = 0;
  ~FreeHeaders();
};

// Set when this thread's list is gone (its thread is ending): headers freed later by the
// thread's last destructors go back to the system.
thread_local bool gone = false;
thread_local FreeHeaders free_headers;

FreeHeaders::~FreeHeaders() {
  gone = true;
  while (top != nullptr) {
    void* next = *static_cast<void**>(top);
    std::free(top);
    top = next;
  }
}

#endif

}  // namespace

fx_tensor* take_header() {
#if !defined(__SANITIZE_ADDRESS__)
  if (!gone && free_headers.top != nullptr) {
    void* h = free_headers.top;
    free_headers.top = *static_cast<void**>(h);
    --free_headers.count;
    std::memset(h, 0, sizeof(fx_tensor));
    return static_cast<fx_tensor*>(h);
  }
#endif
  return static_cast<fx_tensor*>(std::calloc(1, sizeof(fx_tensor)));
}

void give_header(fx_tensor* h) {
#if !defined(__SANITIZE_ADDRESS__)
  if (!gone && free_headers.count < kKept) {
    *reinterpret_cast<void**>(h) = free_headers.top;
    free_headers.top = h;
    ++free_headers.count;
    return;
  }
#endif
  std::free(h);
}

}  // namespace fx::rt::detail
