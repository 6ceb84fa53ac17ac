// AOT libraries (`fluxion compile`, docs/codegen.md "AOT libraries"): the C file of
// emit_library compiled by the system C compiler and linked with the runtime archive
// (libfluxion_rt.a) into a self-contained shared library, with its header beside it.
#pragma once
#include <string>
#include <vector>

#include "codegen/compiler.hpp"
#include "codegen/emitter.hpp"

namespace fx::codegen {

// What an AOT library is linked with after its C file: the runtime archive, then what the
// runtime needs (OpenBLAS, zlib's archive, libstdc++, libm). The runtime's own symbols are
// not exported from the library (only its exports and their helpers are).
std::vector<std::string> runtime_link_inputs();

// The text of fluxion/runtime/tensor_abi.h (fx_tensor), which an AOT library's header holds.
std::string tensor_abi_text();

// Writes program's library to `library` and its header to `header`, each under a temporary
// name in its own directory and then renamed into place, so that no partial file is ever
// left. Returns "" or, when an output cannot be written, why ("cannot write DIR: Permission
// denied"); a compiler failure is an internal error that keeps the C file and names it.
std::string write_library(const CProgram& program, const std::string& library, const std::string& header,
                          const CCompiler& compiler);

}  // namespace fx::codegen
