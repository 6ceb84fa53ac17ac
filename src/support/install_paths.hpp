// Where an installed Fluxion keeps its files (cmake --install: PREFIX/bin/fluxion,
// PREFIX/lib/libfluxion.so, PREFIX/include/fluxion, PREFIX/share/fluxion/stdlib), found from the
// binary that holds this code, so that an installed tree works wherever it is moved.
#pragma once
#include <string>

namespace fx {

// PREFIX/`relative` when it exists, PREFIX being the parent of the directory of the executable
// or shared library this code was linked into; "" otherwise (a build tree).
std::string installed_path(const std::string& relative);

}  // namespace fx
