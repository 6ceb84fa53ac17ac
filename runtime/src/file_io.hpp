// File access for the readers and writers: positioned reads with errors that name the path, and
// atomic whole-file writes.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace fx::rt::detail {

// "PATH: WHAT" as a TensorError.
[[noreturn]] void file_error(const std::string& path, const std::string& what);

// A regular file opened for reading.
class InputFile {
 public:
  explicit InputFile(const std::string& path);  // "PATH: cannot open: No such file or directory"
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  const std::string& path() const { return path_; }
  int64_t size() const { return size_; }
  // Reads up to n bytes at `offset`; returns how many were read (fewer only at the end of file).
  int64_t read_at(int64_t offset, void* buf, int64_t n) const;
  // Reads exactly n bytes at `offset`, or "PATH: truncated: <what>".
  void read_exactly(int64_t offset, void* buf, int64_t n, const std::string& what) const;

 private:
  std::string path_;
  int fd_ = -1;
  int64_t size_ = 0;
};

// Writes the concatenation of `pieces` to `path` so that a reader (or a crash at any moment)
// sees either the old complete file or the new complete file: the data goes to a temporary file
// in the same directory, is fsync'ed, and is renamed over `path`; the directory is then fsync'ed.
void write_file_atomically(const std::string& path, std::span<const std::string_view> pieces);

// A zero-filled buffer of n bytes for reading `what`: TensorError "cannot allocate ..." when n is
// over the allocation limit or the allocator refuses (never std::bad_alloc).
std::string byte_buffer(int64_t n, const std::string& what);

// Little-endian integers in byte buffers (zip and npy headers).
inline uint64_t read_le(const unsigned char* p, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | p[i];
  return v;
}
inline void append_le(std::string& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

}  // namespace fx::rt::detail
