// The GNU build ID of the binary this code is linked into (the fluxion executable, the
// embedding library or the Python module): a hash the linker writes over the whole linked
// output, so any change to the compiler's code gives another one. The run index (run_index.hpp)
// keys on it: code compiled by one build of Fluxion is never found by another through the
// program's sources alone.
#pragma once
#include <string>

namespace fx::codegen {

// The build ID in hex, or "" when the binary has none (linked without --build-id).
std::string own_build_id();

}  // namespace fx::codegen
