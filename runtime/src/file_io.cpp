#include "file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <new>
#include <system_error>

#include "fluxion/runtime/error.hpp"
#include "fluxion/runtime/memory.hpp"

namespace fx::rt::detail {

namespace {

std::string errno_text(int err) { return std::generic_category().message(err); }

std::string parent_directory(const std::string& path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

// Writes all of `data`, retrying short writes and interrupted calls.
bool write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), std::min<size_t>(data.size(), size_t{1} << 30));
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

}  // namespace

std::string byte_buffer(int64_t n, const std::string& what) {
  check_allocation(n, what);
  try {
    return std::string(static_cast<size_t>(n), '\0');
  } catch (const std::bad_alloc&) {
    tensor_error("cannot allocate " + std::to_string(n) + " bytes for " + what + ": out of memory");
  }
}

void file_error(const std::string& path, const std::string& what) {
  tensor_error(path + ": " + what);
}

InputFile::InputFile(const std::string& path) : path_(path) {
  do {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  } while (fd_ < 0 && errno == EINTR);
  if (fd_ < 0) file_error(path, "cannot open: " + errno_text(errno));
  struct stat st;
  if (::fstat(fd_, &st) != 0) {
    int err = errno;
    ::close(fd_);
    file_error(path, "cannot stat: " + errno_text(err));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd_);
    file_error(path, S_ISDIR(st.st_mode) ? "is a directory" : "is not a regular file");
  }
  size_ = st.st_size;
}

InputFile::~InputFile() {
  if (fd_ >= 0) ::close(fd_);
}

int64_t InputFile::read_at(int64_t offset, void* buf, int64_t n) const {
  int64_t done = 0;
  char* dst = static_cast<char*>(buf);
  while (done < n) {
    size_t chunk = static_cast<size_t>(std::min<int64_t>(n - done, int64_t{1} << 30));
    ssize_t got = ::pread(fd_, dst + done, chunk, offset + done);
    if (got < 0) {
      if (errno == EINTR) continue;
      file_error(path_, "read failed: " + errno_text(errno));
    }
    if (got == 0) break;
    done += got;
  }
  return done;
}

void InputFile::read_exactly(int64_t offset, void* buf, int64_t n, const std::string& what) const {
  if (offset < 0 || n < 0 || offset > size_ || n > size_ - offset || read_at(offset, buf, n) != n)
    file_error(path_, "truncated: " + what);
}

void write_file_atomically(const std::string& path, std::span<const std::string_view> pieces) {
  const std::string dir = parent_directory(path);
  const std::string base = path.substr(path.find_last_of('/') + 1);
  if (base.empty() || base == "." || base == "..") file_error(path, "is not a file name");
  // A name no other writer uses: pid plus a clock reading, retried on the rare collision.
  std::string tmp;
  int fd = -1;
  for (int attempt = 0; fd < 0; ++attempt) {
    auto ticks = std::chrono::steady_clock::now().time_since_epoch().count();
    tmp = dir + "/." + base + ".tmp-" + std::to_string(::getpid()) + "-" +
          std::to_string(static_cast<uint64_t>(ticks) + static_cast<uint64_t>(attempt));
    fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && (errno != EEXIST || attempt > 100))
      file_error(path, "cannot create a temporary file in '" + dir + "': " + errno_text(errno));
  }
  auto fail = [&](const std::string& what) {
    int err = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    file_error(path, what + ": " + errno_text(err));
  };
  for (std::string_view piece : pieces)
    if (!write_all(fd, piece)) fail("cannot write");
  if (::fsync(fd) != 0) fail("cannot sync");
  if (::close(fd) != 0) {
    int err = errno;
    ::unlink(tmp.c_str());
    file_error(path, "cannot write: " + errno_text(err));
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(tmp.c_str());
    file_error(path, "cannot replace: " + errno_text(err));
  }
  // Make the rename itself durable. Best effort: some file systems refuse to sync directories.
  int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

}  // namespace fx::rt::detail
