#include "codegen/jit.hpp"

#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <mutex>
#include <fstream>
#include <iterator>
#include <ostream>
#include <unistd.h>

#include "codegen/cache.hpp"
#include "fluxion/fx_rt.h"
#include "support/diagnostics.hpp"
#include "support/install_paths.hpp"

#ifndef FLUXION_RUNTIME_INCLUDE_DIR
#define FLUXION_RUNTIME_INCLUDE_DIR ""
#endif

namespace fx::codegen {

namespace {

// A directory only this process uses, for builds that bypass the cache (--no-cache, or a
// cache directory that cannot be made private).
std::string private_directory() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && tmp[0] == '/' ? tmp : "/tmp") + "/fluxion-XXXXXX";
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  if (!mkdtemp(name.data())) internal_error("native build", "cannot create a temporary directory in " + pattern);
  return name.data();
}

// Builds the shared object for `key` in `cache`; returns the entry's path.
std::string build(const Cache& cache, const std::string& key, const CProgram& program, const JitOptions& options) {
  const std::string include = runtime_include_dir();
  std::string c_file = cache.temporary(".c");
  {
    std::ofstream out(c_file, std::ios::binary | std::ios::trunc);
    out << program.text;
    if (!out) internal_error("native build", "cannot write " + c_file);
  }
  std::string so = cache.temporary(".so");
  std::string failure = options.compiler.compile_shared(c_file, so, include);
  unlink((so + ".log").c_str());
  if (!failure.empty()) {
    unlink(so.c_str());
    std::string kept = cache.dir() + "/failed-" + key + ".c";
    if (std::rename(c_file.c_str(), kept.c_str()) != 0) kept = c_file;
    internal_error("C compiler", failure + "\nthe generated C file is kept at " + kept);
  }
  unlink(c_file.c_str());
  return cache.store(key, so);
}

void write_to_stream(void* user, const char* text, size_t size) {
  static_cast<std::ostream*>(user)->write(text, static_cast<std::streamsize>(size));
}

}  // namespace

// The installed headers (PREFIX/include, support/install_paths.hpp), else the source tree's.
std::string runtime_include_dir() {
  std::string installed = installed_path("include/fluxion/fx_gen.h");
  return installed.empty() ? FLUXION_RUNTIME_INCLUDE_DIR : installed_path("include");
}

namespace {

// The headers generated code includes are part of what it is compiled from, so a new version
// of them never reuses code compiled against an old one.
std::string included_headers() {
  std::string text;
  for (const char* header : {"/fluxion/fx_gen.h", "/fluxion/fx_rt.h", "/fluxion/runtime/tensor_abi.h"}) {
    std::ifstream in(runtime_include_dir() + header, std::ios::binary);
    text += std::string(std::istreambuf_iterator<char>(in), {}) + '\0';
  }
  return text;
}

// Generated code calls the runtime's C ABI by name. In the fluxion executable those symbols are
// exported and global; in a shared library loaded with RTLD_LOCAL (the Python module) they are
// not visible to the programs it loads, until the library is promoted to the global scope.
void expose_runtime_abi() {
  static std::once_flag once;
  std::call_once(once, [] {
    Dl_info info;
    if (dladdr(reinterpret_cast<void*>(&fx_rt_error_set), &info) && info.dli_fname)
      dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
  });
}

}  // namespace

std::string toolchain_identity(const JitOptions& options) {
  std::string identity = included_headers() + options.compiler.identity();
  for (const std::string& flag : CCompiler::flags(runtime_include_dir())) identity += " " + flag;
  return identity;
}

NativeProgram NativeProgram::load(const CProgram& program, const JitOptions& options) {
  const std::string key = sha256_hex(program.text + '\0' + toolchain_identity(options));

  Cache cache(options.use_cache ? options.cache_dir : "");
  const bool persistent = options.use_cache && cache.prepare();
  std::string scratch;
  if (!persistent) {
    scratch = private_directory();
    cache = Cache(scratch);
  }
  NativeProgram native;
  native.key_ = key;
  std::optional<std::string> path = persistent ? cache.find(key) : std::nullopt;
  native.from_cache_ = path.has_value();
  if (!path) path = build(cache, key, program, options);
  expose_runtime_abi();
  void* handle = dlopen(path->c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle && native.from_cache_) {  // an entry that passed its checksum but does not load
    unlink(path->c_str());
    path = build(cache, key, program, options);
    handle = dlopen(path->c_str(), RTLD_NOW | RTLD_LOCAL);
  }
  if (!scratch.empty()) {  // the mapping outlives the files
    cache.clear();
    rmdir(scratch.c_str());
  }
  if (!handle) internal_error("native loader", std::string("cannot load the compiled program: ") + dlerror());
  native.bind(handle, program);
  return native;
}

std::optional<NativeProgram> NativeProgram::load_cached(const std::string& key, const CProgram& program,
                                                        const JitOptions& options) {
  Cache cache(options.use_cache ? options.cache_dir : "");
  if (!options.use_cache || !cache.prepare()) return std::nullopt;
  std::optional<std::string> path = cache.find(key);
  if (!path) return std::nullopt;
  expose_runtime_abi();
  void* handle = dlopen(path->c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle || !dlsym(handle, program.entry.c_str())) return std::nullopt;
  NativeProgram native;
  native.key_ = key;
  native.from_cache_ = true;
  native.bind(handle, program);
  return native;
}

void NativeProgram::bind(void* handle, const CProgram& program) {
  void* entry = dlsym(handle, program.entry.c_str());
  if (program.entry == "fx_call") call_ = reinterpret_cast<int (*)(const fx_slot*, fx_slot*)>(entry);
  else entry_ = reinterpret_cast<int (*)(void)>(entry);
  if (!entry) internal_error("native loader", "the compiled program has no entry point " + program.entry);
  program_ = &program;
}

std::string NativeProgram::run(std::ostream& out, const std::vector<std::string>& program_args) const {
  std::vector<const char*> args;
  for (const std::string& a : program_args) args.push_back(a.c_str());
  fx_rt_set_program_args(args.data(), static_cast<int64_t>(args.size()));
  fx_rt_discard_line();
  fx_rt_set_sink(write_to_stream, &out);
  int status = entry_();
  fx_rt_set_sink(nullptr, nullptr);
  std::string result = fx_rt_pending_line();
  fx_rt_discard_line();
  if (status == FX_RT_OK) return result;
  fail(status);
}

void NativeProgram::fail(int status) const {
  if (status == FX_RT_LEAKED) internal_error("native code", "boxes, tensors or strings were still alive after the program ended (reference counts)");
  int64_t at = fx_rt_error_loc();
  SourceLoc loc = at >= 0 && static_cast<size_t>(at) < program_->locs.size() ? program_->locs[at] : SourceLoc{};
  std::string message = fx_rt_error_message();
  if (message.rfind("check-nan:", 0) == 0 && at >= 0 && static_cast<size_t>(at) < program_->nan_notes.size())
    message += program_->nan_notes[at];
  runtime_error(loc, message);
}

}  // namespace fx::codegen
