#include "codegen/cache.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <openssl/evp.h>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "support/diagnostics.hpp"

namespace fx::codegen {

namespace {

constexpr char kMagic[] = "FXCACHE1";  // 8 bytes, after the 32-byte digest
constexpr size_t kDigest = 32, kMagicSize = 8;

std::string digest(const char* data, size_t size) {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (!EVP_Digest(data, size, md, &length, EVP_sha256(), nullptr) || length != kDigest)
    internal_error("native cache", "SHA-256 failed");
  return std::string(reinterpret_cast<char*>(md), length);
}

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream buffer;
  buffer << in.rdbuf();
  out = buffer.str();
  return !in.bad();
}

// mkdir -p with mode 0700 for what it creates.
bool make_dirs(const std::string& dir) {
  struct stat st;
  if (stat(dir.c_str(), &st) == 0) return S_ISDIR(st.st_mode);
  size_t slash = dir.find_last_of('/');
  if (slash != std::string::npos && slash > 0 && !make_dirs(dir.substr(0, slash))) return false;
  return mkdir(dir.c_str(), 0700) == 0 || errno == EEXIST;
}

bool is_ours(const std::string& name) {
  auto ends_with = [&](const char* s) {
    std::string suffix = s;
    return name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  return ends_with(".so") || ends_with(".run") || name.rfind("tmp-", 0) == 0 || (name.rfind("failed-", 0) == 0 && ends_with(".c"));
}

}  // namespace

std::string sha256_hex(const std::string& data) {
  std::string md = digest(data.data(), data.size());
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned char c : md) {
    out += hex[c >> 4];
    out += hex[c & 15];
  }
  return out;
}

std::string Cache::default_dir(const char* xdg_cache_home, const char* home) {
  // The XDG base directory spec: a relative XDG_CACHE_HOME is invalid and ignored.
  if (xdg_cache_home && xdg_cache_home[0] == '/') return std::string(xdg_cache_home) + "/fluxion";
  if (home && home[0]) return std::string(home) + "/.cache/fluxion";
  return "";
}

bool Cache::prepare() const {
  if (dir_.empty() || !make_dirs(dir_)) return false;
  struct stat st;
  if (stat(dir_.c_str(), &st) != 0 || st.st_uid != geteuid()) return false;
  if ((st.st_mode & 077) != 0 && chmod(dir_.c_str(), 0700) != 0) return false;
  return true;
}

std::optional<std::string> Cache::find(const std::string& key, const std::string& suffix, std::string* contents) const {
  std::string path = dir_ + "/" + key + suffix;
  std::string bytes;
  if (!read_file(path, bytes)) return std::nullopt;
  size_t trailer = kDigest + kMagicSize;
  bool valid = bytes.size() > trailer && bytes.compare(bytes.size() - kMagicSize, kMagicSize, kMagic) == 0 &&
               bytes.compare(bytes.size() - trailer, kDigest, digest(bytes.data(), bytes.size() - trailer)) == 0;
  if (valid) {
    if (contents) *contents = bytes.substr(0, bytes.size() - trailer);
    return path;
  }
  unlink(path.c_str());  // corrupt or truncated: rebuilt by the caller
  return std::nullopt;
}

std::string Cache::temporary(const std::string& suffix) const {
  std::string pattern = dir_ + "/tmp-XXXXXX" + suffix;
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  int fd = mkstemps(name.data(), static_cast<int>(suffix.size()));
  if (fd < 0) internal_error("native cache", "cannot create a temporary file in " + dir_);
  close(fd);
  return name.data();
}

std::string Cache::store(const std::string& key, const std::string& built, const std::string& suffix) const {
  std::string bytes;
  if (!read_file(built, bytes)) internal_error("native cache", "cannot read the compiled program " + built);
  std::string sealed = bytes + digest(bytes.data(), bytes.size()) + std::string(kMagic, kMagicSize);
  {
    std::ofstream out(built, std::ios::binary | std::ios::trunc);
    out.write(sealed.data(), static_cast<std::streamsize>(sealed.size()));
    if (!out) internal_error("native cache", "cannot write " + built);
  }
  std::string path = dir_ + "/" + key + suffix;
  if (std::rename(built.c_str(), path.c_str()) != 0) internal_error("native cache", "cannot rename " + built + " to " + path);
  return path;
}

size_t Cache::clear() const {
  size_t removed = 0;
  DIR* d = opendir(dir_.c_str());
  if (!d) return 0;
  while (dirent* e = readdir(d)) {
    std::string name = e->d_name;
    if (is_ours(name) && unlink((dir_ + "/" + name).c_str()) == 0) ++removed;
  }
  closedir(d);
  return removed;
}

}  // namespace fx::codegen
