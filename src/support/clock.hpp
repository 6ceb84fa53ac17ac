// The program's clock(): seconds on the steady clock, as a double. One definition for the
// interpreter's primitive and native code's fx_rt_clock, so that both engines time alike.
#pragma once

#include <chrono>

namespace fx {

inline double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace fx
