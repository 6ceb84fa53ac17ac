// User-facing errors. Two kinds, never mixed (ARCHITECTURE.md):
//  * CompileError / RuntimeError: the user's program is wrong; located, exit 1 / 2.
//  * InternalError: a compiler bug; reported as such with the pass that failed.
#pragma once
#include <stdexcept>
#include <string>

#include "support/source.hpp"

namespace fx {

// A problem in the user's program found before it runs (syntax, names, types).
struct CompileError {
  SourceLoc loc;
  std::string message;
};

// A problem found while the program runs (assert, index, division by zero, depth).
struct RuntimeError {
  SourceLoc loc;
  std::string message;
};

// A bug in Fluxion itself: an invariant that a pass broke.
struct InternalError {
  std::string where;  // pass or component name
  std::string message;
};

[[noreturn]] void compile_error(SourceLoc loc, std::string message);
[[noreturn]] void runtime_error(SourceLoc loc, std::string message);
[[noreturn]] void internal_error(std::string where, std::string message);

// "FILE:LINE:COL: error: MESSAGE" followed by the source line and a caret.
std::string format_diagnostic(SourceLoc loc, const std::string& severity,
                              const std::string& message);

}  // namespace fx
