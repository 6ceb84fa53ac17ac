// How deep generated code may call: the stack it runs on, and the words for too deep.
#include <string>

#include "fluxion/fx_rt.h"
#include "support/large_stack.hpp"

namespace {
thread_local std::string message;
}  // namespace

extern "C" {

uintptr_t fx_rt_stack_floor(void) { return fx::stack_floor(); }

const char* fx_rt_too_deep(int64_t depth, int64_t limit) {
  if (depth > limit) message = "recursion deeper than " + std::to_string(limit) + " calls";
  else
    message = "recursion too deep: the stack ran out after " + std::to_string(depth) +
              " nested calls (the call depth limit is " + std::to_string(limit) + ")";
  return message.c_str();
}

}  // extern "C"
