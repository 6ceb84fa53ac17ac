// The IDX format of MNIST and Fashion-MNIST (yann.lecun.com/exdb/mnist): bytes 00 00, a type
// code, the number of dimensions, one big-endian u32 per dimension, then big-endian elements.
// The files are often distributed gzip-compressed; both forms are read, told apart by their
// first bytes (gzip starts with 1f 8b).
#include <zlib.h>

#include <cstring>
#include <memory>

#include "file_io.hpp"
#include "fluxion/runtime/io.hpp"
#include "fluxion/runtime/memory.hpp"

namespace fx::rt {

namespace {

using detail::file_error;

// A sequential byte stream over a plain or a gzip-compressed file.
class ByteStream {
 public:
  explicit ByteStream(const std::string& path) : file_(path) {
    unsigned char magic[2] = {0, 0};
    gzip_ = file_.read_at(0, magic, 2) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
    if (gzip_) {
      gz_ = gzopen(path.c_str(), "rb");
      if (gz_ == nullptr) file_error(path, "cannot open gzip stream");
    }
  }
  ~ByteStream() {
    if (gz_) gzclose(gz_);
  }
  ByteStream(const ByteStream&) = delete;
  ByteStream& operator=(const ByteStream&) = delete;

  bool gzip() const { return gzip_; }
  // The compressed size for a plain file is exact; for gzip it is unknown until read.
  const detail::InputFile& file() const { return file_; }

  // Reads up to n bytes; fewer only at the end of the (decompressed) data.
  int64_t read(void* buf, int64_t n) {
    if (!gzip_) {
      int64_t got = file_.read_at(pos_, buf, n);
      pos_ += got;
      return got;
    }
    int64_t done = 0;
    char* dst = static_cast<char*>(buf);
    while (done < n) {
      unsigned chunk = static_cast<unsigned>(std::min<int64_t>(n - done, int64_t{1} << 30));
      int got = gzread(gz_, dst + done, chunk);
      if (got < 0) {
        int err;
        const char* msg = gzerror(gz_, &err);
        file_error(file_.path(), std::string("corrupt gzip data: ") + msg);
      }
      if (got == 0) {
        int err;
        const char* msg = gzerror(gz_, &err);
        if (err == Z_BUF_ERROR) file_error(file_.path(), "truncated gzip data");
        if (err != Z_OK) file_error(file_.path(), std::string("corrupt gzip data: ") + msg);
        break;
      }
      done += got;
    }
    return done;
  }

 private:
  detail::InputFile file_;
  bool gzip_ = false;
  gzFile gz_ = nullptr;
  int64_t pos_ = 0;
};

struct IdxType {
  int64_t size;  // bytes per element in the file
  DType dtype;
};

bool idx_type(unsigned char code, IdxType& t) {
  switch (code) {
    case 0x08: t = {1, DType::I64}; return true;  // unsigned byte
    case 0x09: t = {1, DType::I64}; return true;  // signed byte
    case 0x0B: t = {2, DType::I64}; return true;  // i16
    case 0x0C: t = {4, DType::I64}; return true;  // i32
    case 0x0D: t = {4, DType::F32}; return true;
    case 0x0E: t = {8, DType::F64}; return true;
    default: return false;
  }
}

std::string hex_bytes(const unsigned char* p, int n) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  for (int i = 0; i < n; ++i) {
    if (i > 0) s += ' ';
    s += digits[p[i] >> 4];
    s += digits[p[i] & 15];
  }
  return s;
}

uint64_t read_be(const unsigned char* p, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v = v << 8 | p[i];
  return v;
}

// Converts n big-endian elements of type `code` to the tensor's dtype.
void convert_elements(unsigned char code, const unsigned char* in, int64_t n, void* out) {
  switch (code) {
    case 0x08:
      for (int64_t i = 0; i < n; ++i) static_cast<int64_t*>(out)[i] = in[i];
      return;
    case 0x09:
      for (int64_t i = 0; i < n; ++i) static_cast<int64_t*>(out)[i] = static_cast<int8_t>(in[i]);
      return;
    case 0x0B:
      for (int64_t i = 0; i < n; ++i)
        static_cast<int64_t*>(out)[i] = static_cast<int16_t>(read_be(in + 2 * i, 2));
      return;
    case 0x0C:
      for (int64_t i = 0; i < n; ++i)
        static_cast<int64_t*>(out)[i] = static_cast<int32_t>(read_be(in + 4 * i, 4));
      return;
    case 0x0D:
      for (int64_t i = 0; i < n; ++i) {
        uint32_t bits = static_cast<uint32_t>(read_be(in + 4 * i, 4));
        std::memcpy(static_cast<float*>(out) + i, &bits, 4);
      }
      return;
    case 0x0E:
      for (int64_t i = 0; i < n; ++i) {
        uint64_t bits = read_be(in + 8 * i, 8);
        std::memcpy(static_cast<double*>(out) + i, &bits, 8);
      }
      return;
  }
}

}  // namespace

Tensor read_idx(const std::string& path) {
  ByteStream in(path);
  unsigned char magic[4];
  int64_t got = in.read(magic, 4);
  if (got < 4) file_error(path, "truncated: not even an IDX magic number");
  IdxType type;
  if (magic[0] != 0 || magic[1] != 0 || !idx_type(magic[2], type) || magic[3] > FX_MAX_RANK)
    file_error(path, "not an IDX file: magic bytes are " + hex_bytes(magic, 4) +
                         " (expected 00 00, a type code 08 09 0b 0c 0d 0e, and at most " +
                         std::to_string(FX_MAX_RANK) + " dimensions)");
  const int rank = magic[3];
  unsigned char dims[4 * FX_MAX_RANK];
  if (in.read(dims, 4 * rank) < 4 * rank) file_error(path, "truncated: incomplete dimensions");
  Shape shape;
  for (int i = 0; i < rank; ++i) shape.push_back(static_cast<int64_t>(read_be(dims + 4 * i, 4)));
  int64_t n = shape.numel();  // u32 extents: the product of up to 8 can overflow -> TensorError
  int64_t bytes;
  if (__builtin_mul_overflow(n, type.size, &bytes))
    file_error(path, "dimensions " + to_string(shape) + " are too large");
  const int64_t header = 4 + 4 * rank;
  if (!in.gzip() && in.file().size() - header < bytes)
    file_error(path, "truncated: header says " + std::to_string(n) + " elements, file holds " +
                         std::to_string((in.file().size() - header) / type.size));
  // gzip expands at most ~1032:1: a header claiming more than the file can hold is rejected
  // before the result is allocated.
  if (in.gzip() && bytes / 1100 > in.file().size())
    file_error(path, "truncated: header says " + std::to_string(n) +
                         " elements, more than a gzip file of " + std::to_string(in.file().size()) +
                         " bytes can hold");
  Tensor out = Tensor::empty(type.dtype, shape);  // checks the allocation limit
  // Convert in chunks so that compressed data never needs more memory than the result.
  constexpr int64_t kChunkElements = 1 << 16;
  std::unique_ptr<unsigned char[]> buf(new unsigned char[kChunkElements * 8]);
  char* dst = static_cast<char*>(out.raw_data());
  for (int64_t done = 0; done < n;) {
    int64_t count = std::min(kChunkElements, n - done);
    int64_t read = in.read(buf.get(), count * type.size);
    if (read < count * type.size)
      file_error(path, "truncated: header says " + std::to_string(n) + " elements, file holds " +
                           std::to_string(done + read / type.size));
    convert_elements(magic[2], buf.get(), count, dst + done * itemsize(type.dtype));
    done += count;
  }
  unsigned char extra;
  if (in.read(&extra, 1) != 0) file_error(path, "unexpected bytes after the data");
  return out;
}

Tensor read_bytes(const std::string& path) {
  detail::InputFile file(path);
  Tensor out = Tensor::empty(DType::I64, Shape{file.size()});
  int64_t* dst = out.data<int64_t>();
  constexpr int64_t kChunk = 1 << 20;
  std::unique_ptr<unsigned char[]> buf(new unsigned char[kChunk]);
  for (int64_t done = 0; done < file.size();) {
    int64_t count = std::min(kChunk, file.size() - done);
    file.read_exactly(done, buf.get(), count, "the file shrank while being read");
    for (int64_t i = 0; i < count; ++i) dst[done + i] = buf[i];
    done += count;
  }
  return out;
}

}  // namespace fx::rt
