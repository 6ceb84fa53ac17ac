// How the compiler's exceptions become fluxion::Error (src/api/).
#pragma once
#include <string>

#include "fluxion/error.hpp"
#include "support/source.hpp"

namespace fluxion::detail {

// Rethrows the exception in flight as fluxion::Error: a compile, run-time or internal error with
// its location and the CLI's text. Call it only inside a catch block.
[[noreturn]] void translate_current_exception();

// A compile-kind Error at `loc`: bad input from the host (argument count, types, dtypes).
[[noreturn]] void host_error(fx::SourceLoc loc, const std::string& message);

// Runs `work`, translating whatever it throws.
template <class F>
auto guarded(F&& work) -> decltype(work()) {
  try {
    return work();
  } catch (...) {
    translate_current_exception();
  }
}

}  // namespace fluxion::detail
