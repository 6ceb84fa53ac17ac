// The last run-time error of a thread: where generated code failed (a location id of its
// program) and why. The host reads it after an entry point returned FX_RT_ERROR.
#include <string>

#include "fluxion/fx_rt.h"

namespace {
thread_local int64_t error_loc = -1;
thread_local std::string error_message;
}  // namespace

extern "C" {

void fx_rt_error_set(int64_t loc, const char* message) {
  error_loc = loc;
  error_message = message ? message : "";
}

int64_t fx_rt_error_loc(void) { return error_loc; }
const char* fx_rt_error_message(void) { return error_message.c_str(); }

}  // extern "C"
