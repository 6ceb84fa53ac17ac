// How deep generated code may call: the stack it runs on, and the words for too deep.
#include <algorithm>
#include <pthread.h>
#include <string>

#include "fluxion/fx_rt.h"

namespace {
thread_local std::string message;
}  // namespace

extern "C" {

// The same margin as the interpreter keeps (src/interp/interp.cpp, find_stack_limit).
uintptr_t fx_rt_stack_floor(void) {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return 0;
  void* low = nullptr;
  size_t size = 0;
  int rc = pthread_attr_getstack(&attr, &low, &size);
  pthread_attr_destroy(&attr);
  if (rc != 0 || low == nullptr || size == 0) return 0;
  return reinterpret_cast<uintptr_t>(low) + std::min<size_t>(size / 4, size_t(256) << 10);
}

const char* fx_rt_too_deep(int64_t depth, int64_t limit) {
  if (depth > limit) message = "recursion deeper than " + std::to_string(limit) + " calls";
  else
    message = "recursion too deep: the stack ran out after " + std::to_string(depth) +
              " nested calls (the call depth limit is " + std::to_string(limit) + ")";
  return message.c_str();
}

}  // extern "C"
