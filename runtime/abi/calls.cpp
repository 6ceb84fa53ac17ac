// How deep generated code may call: the stack it runs on, and the words for too deep.
#include <string>

#include "fluxion/fx_rt.h"
#include "support/large_stack.hpp"

namespace {
thread_local std::string message;
}  // namespace

extern "C" {

// A thread's stack never moves, and finding it is slow (the main thread's reads /proc/self/maps),
// while an embedding host calls an entry point, which asks for the floor, per call.
uintptr_t fx_rt_stack_floor(void) {
  thread_local const uintptr_t floor = fx::stack_floor();
  return floor;
}

const char* fx_rt_too_deep(int64_t depth, int64_t limit) {
  if (depth > limit) message = "recursion deeper than " + std::to_string(limit) + " calls";
  else
    message = "recursion too deep: the stack ran out after " + std::to_string(depth) +
              " nested calls (the call depth limit is " + std::to_string(limit) + ")";
  return message.c_str();
}

}  // extern "C"
