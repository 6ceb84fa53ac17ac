// A construct the C emitter cannot translate yet. The driver then runs the program in the
// interpreter (or, with --native, reports it as a located error naming the construct).
#pragma once
#include <string>

#include "support/source.hpp"

namespace fx::codegen {

struct Unsupported {
  SourceLoc loc;
  std::string what;  // "derivative operator grad", "tensors", ...
};

[[noreturn]] inline void unsupported(SourceLoc loc, std::string what) { throw Unsupported{loc, std::move(what)}; }

}  // namespace fx::codegen
