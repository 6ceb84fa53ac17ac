// The system C compiler, started without a shell (posix_spawn with an argument vector), so no
// path or name in a program can be read as a command.
#pragma once
#include <string>
#include <vector>

namespace fx::codegen {

struct CCompiler {
  std::string command = "cc";  // FLUXION_CC: a program name (looked up in PATH) or a path

  // The resolved executable (through PATH, symbolic links followed); "" when not found.
  std::string resolved() const;
  // What identifies this compiler for the cache: its resolved path, size and modification time.
  std::string identity() const;
  // The flags every generated file is compiled with (part of the cache key).
  static std::vector<std::string> flags(const std::string& include_dir);
  // Compiles c_file into the shared object `output`, linked with `link` (archives, libraries
  // and linker flags after the C file; an AOT library's runtime, aot.hpp). Returns "" on
  // success, else what went wrong (the exit status and the compiler's messages).
  std::string compile_shared(const std::string& c_file, const std::string& output, const std::string& include_dir,
                             const std::vector<std::string>& link = {}) const;
};

}  // namespace fx::codegen
