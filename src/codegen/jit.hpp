// The JIT: a generated C program compiled by the system C compiler into a shared object,
// kept in the persistent cache (cache.hpp) and loaded into this process with dlopen.
#pragma once
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "codegen/compiler.hpp"
#include "codegen/emitter.hpp"
#include "fluxion/fx_rt.h"

namespace fx::codegen {

struct JitOptions {
  CCompiler compiler;
  std::string cache_dir;  // "" or use_cache false: build in a private temporary directory
  bool use_cache = true;
};

// The directory holding fluxion/fx_gen.h and fluxion/fx_rt.h, which generated code includes.
std::string runtime_include_dir();

// What compiled code depends on besides its C text: the headers it includes, the C compiler's
// identity and its flags. Part of every cache key.
std::string toolchain_identity(const JitOptions& options);

class NativeProgram {
 public:
  // Compiles `program` (or finds it in the cache) and loads it. A compiler failure is an
  // internal error (exit 70) that keeps the C file and names its path.
  static NativeProgram load(const CProgram& program, const JitOptions& options);
  // The code compiled earlier under `key`, from the persistent cache, for a program whose C
  // text was not made again (the run index's hit, run_index.hpp): `program` holds only its
  // entry's name, locations and notes. nullopt when the cache holds no valid entry that loads.
  static std::optional<NativeProgram> load_cached(const std::string& key, const CProgram& program,
                                                  const JitOptions& options);

  // Runs the entry point with the program's command-line arguments; print's text goes to `out`. A run-time error is thrown as the
  // RuntimeError the interpreter would throw at the same node. Returns the text of the
  // result when the program was emitted with EmitOptions::result_text, else "".
  std::string run(std::ostream& out, const std::vector<std::string>& program_args) const;

  // Calls the fx_call entry of a program emitted with EmitOptions::host_call: one slot per leaf
  // of each argument in, one per leaf of the result out (host_slots.hpp). Run-time errors are
  // thrown as by run() (the tensor references handed in are given back either way). Safe to
  // call from several threads.
  void call(const fx_slot* args, fx_slot* result) const {
    int status = call_(args, result);
    if (status != FX_RT_OK) fail(status);
  }

  bool from_cache() const { return from_cache_; }
  // The cache key of the code (the SHA-256 of its C text, included headers, compiler, flags).
  const std::string& cache_key() const { return key_; }

 private:
  [[noreturn]] void fail(int status) const;
  // Finds the entry points of the loaded `handle`.
  void bind(void* handle, const CProgram& program);
  int (*entry_)(void) = nullptr;
  int (*call_)(const fx_slot*, fx_slot*) = nullptr;
  const CProgram* program_ = nullptr;
  bool from_cache_ = false;
  std::string key_;
};

}  // namespace fx::codegen
