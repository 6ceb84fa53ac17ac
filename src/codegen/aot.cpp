#include "codegen/aot.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sys/stat.h>
#include <unistd.h>

#include "codegen/jit.hpp"
#include "support/diagnostics.hpp"
#include "support/install_paths.hpp"

#ifndef FLUXION_RT_ARCHIVE
#define FLUXION_RT_ARCHIVE ""
#endif
#ifndef FLUXION_RT_LINK
#define FLUXION_RT_LINK ""
#endif
#ifndef FLUXION_INSTALL_LIBDIR
#define FLUXION_INSTALL_LIBDIR "lib"
#endif

namespace fx::codegen {

namespace {

std::string directory_of(const std::string& path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

// A new empty file beside `path` (mode 0600), to be renamed onto it; "" with `why` set when
// the directory cannot take it.
std::string temporary_beside(const std::string& path, const std::string& suffix, std::string& why) {
  std::string pattern = path + ".tmp-XXXXXX" + suffix;
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  int fd = mkstemps(name.data(), static_cast<int>(suffix.size()));
  if (fd < 0) {
    why = "cannot write " + path + ": " + std::strerror(errno) + " (in " + directory_of(path) + ")";
    return "";
  }
  close(fd);
  return name.data();
}

bool write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  return static_cast<bool>(out);
}

}  // namespace

std::vector<std::string> runtime_link_inputs() {
  std::string installed = installed_path(std::string(FLUXION_INSTALL_LIBDIR) + "/libfluxion_rt.a");
  std::vector<std::string> inputs{installed.empty() ? FLUXION_RT_ARCHIVE : installed};
  std::string libs = FLUXION_RT_LINK;  // "|"-separated (CMakeLists.txt)
  for (size_t start = 0; start <= libs.size();) {
    size_t end = libs.find('|', start);
    if (end == std::string::npos) end = libs.size();
    if (end > start) inputs.push_back(libs.substr(start, end - start));
    start = end + 1;
  }
  // The runtime is C++; its symbols stay inside the library, which names what it needs.
  // -Wl,-S: without the runtime's debugging information (most of its size).
  for (const char* flag : {"-lstdc++", "-lm", "-Wl,--exclude-libs,ALL", "-Wl,--no-undefined", "-Wl,-S"})
    inputs.push_back(flag);
  return inputs;
}

std::string tensor_abi_text() {
  std::ifstream in(runtime_include_dir() + "/fluxion/runtime/tensor_abi.h", std::ios::binary);
  std::string text(std::istreambuf_iterator<char>(in), {});
  if (text.empty()) internal_error("AOT library", "cannot read fluxion/runtime/tensor_abi.h in " + runtime_include_dir());
  return text;
}

std::string write_library(const CProgram& program, const std::string& library, const std::string& header,
                          const CCompiler& compiler) {
  std::string why;
  const std::string so = temporary_beside(library, ".so", why);
  if (so.empty()) return why;
  const std::string h = temporary_beside(header, ".h", why);
  if (h.empty()) {
    unlink(so.c_str());
    return why;
  }
  const std::string c_file = so.substr(0, so.size() - 3) + ".c";
  if (!write_text(c_file, program.text) || !write_text(h, program.header)) {
    unlink(c_file.c_str());
    unlink(so.c_str());
    unlink(h.c_str());
    return "cannot write " + library + " or " + header + ": " + std::strerror(errno);
  }
  std::string failure = compiler.compile_shared(c_file, so, runtime_include_dir(), runtime_link_inputs());
  if (!failure.empty()) {
    unlink(so.c_str());
    unlink(h.c_str());
    internal_error("C compiler", failure + "\nthe generated C file is kept at " + c_file);
  }
  unlink(c_file.c_str());
  // The modes of files the user writes (mkstemps made them private): a library others may
  // load, a header others may read.
  const mode_t mask = umask(0);
  umask(mask);
  chmod(so.c_str(), 0755 & ~mask);
  chmod(h.c_str(), 0644 & ~mask);
  if (std::rename(so.c_str(), library.c_str()) != 0 || std::rename(h.c_str(), header.c_str()) != 0) {
    why = std::string("cannot write ") + library + ": " + std::strerror(errno);
    unlink(so.c_str());
    unlink(h.c_str());
    return why;
  }
  return "";
}

}  // namespace fx::codegen
