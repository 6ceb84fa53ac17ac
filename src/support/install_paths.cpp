#include "support/install_paths.hpp"

#include <dlfcn.h>
#include <filesystem>

namespace fx {

namespace {
namespace fs = std::filesystem;

// The binary (executable or shared library) this function was linked into.
fs::path this_binary() {
  std::error_code ec;
  Dl_info info;
  if (dladdr(reinterpret_cast<void*>(&this_binary), &info) && info.dli_fname && info.dli_fname[0]) {
    fs::path p = fs::canonical(info.dli_fname, ec);
    if (!ec) return p;
  }
  fs::path exe = fs::canonical("/proc/self/exe", ec);
  return ec ? fs::path() : exe;
}
}  // namespace

std::string installed_path(const std::string& relative) {
  fs::path binary = this_binary();
  if (binary.empty()) return "";
  fs::path candidate = binary.parent_path().parent_path() / relative;
  std::error_code ec;
  return fs::exists(candidate, ec) ? candidate.string() : "";
}

}  // namespace fx
