// NumPy's .npy format (numpy/lib/format.py): magic "\x93NUMPY", version, header length, then a
// Python dict literal {'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), } padded with
// spaces to a multiple of 64 bytes and ended by '\n', then the raw little-endian elements.
#include <bit>
#include <algorithm>
#include <cstring>
#include <functional>
#include <optional>

#include "file_io.hpp"
#include "npy_format.hpp"
#include "fluxion/runtime/convert.hpp"
#include "fluxion/runtime/io.hpp"

namespace fx::rt {

static_assert(std::endian::native == std::endian::little,
              "the .npy reader and writer assume a little-endian host");

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr int64_t kMagicSize = 6;

struct NpyHeader {
  DType dtype;
  Shape shape;
  int64_t data_offset;  // where the elements start
  // Narrower integer files (<i4, <i2, |i1, <u4, <u2, |u1) are read as i64: the size and
  // signedness of their elements; 0 when the file's elements are dtype's.
  int narrow_size = 0;
  bool narrow_signed = true;
  int64_t file_itemsize() const { return narrow_size ? narrow_size : itemsize(dtype); }
};

// Widens n little-endian integers of h's narrow type at `src` into the i64 tensor t.
void widen(const NpyHeader& h, const unsigned char* src, Tensor& t, int64_t n) {
  auto* out = static_cast<int64_t*>(t.raw_data());
  for (int64_t i = 0; i < n; ++i) {
    uint64_t v = detail::read_le(src + i * h.narrow_size, h.narrow_size);
    if (h.narrow_signed && h.narrow_size < 8 && (v >> (8 * h.narrow_size - 1)) & 1)
      v |= ~uint64_t{0} << (8 * h.narrow_size);
    out[i] = static_cast<int64_t>(v);
  }
}

const char* descr_of(DType t) {
  switch (t) {
    case DType::F64: return "<f8";
    case DType::F32: return "<f4";
    case DType::I64: return "<i8";
    case DType::Bool: return "|b1";
  }
  return "";
}

// Parses the dict literal of a header. Only what NumPy writes is accepted: string keys, and
// string, boolean and integer-tuple values.
class HeaderParser {
 public:
  HeaderParser(std::string_view text, const std::string& what) : s_(text), what_(what) {}

  NpyHeader parse(int64_t data_offset) {
    std::optional<std::string> descr;
    std::optional<bool> fortran;
    std::optional<Shape> shape;
    expect('{');
    while (!peek('}')) {
      std::string key = string_literal();
      expect(':');
      if (key == "descr") descr = string_literal();
      else if (key == "fortran_order") fortran = boolean();
      else if (key == "shape") shape = tuple();
      else fail("unexpected key '" + key + "'");
      if (!peek('}')) expect(',');
    }
    expect('}');
    if (!descr || !fortran || !shape) fail("missing 'descr', 'fortran_order' or 'shape'");
    if (*fortran) detail::file_error(what_, "Fortran-order arrays are not supported");
    NpyHeader h{DType::F64, *shape, data_offset};
    if (*descr == "<f8") h.dtype = DType::F64;
    else if (*descr == "<f4") h.dtype = DType::F32;
    else if (*descr == "<i8") h.dtype = DType::I64;
    else if (*descr == "|b1") h.dtype = DType::Bool;
    else if (*descr == "<i4" || *descr == "<i2" || *descr == "|i1" || *descr == "<u4" || *descr == "<u2" ||
             *descr == "|u1") {
      h.dtype = DType::I64;
      h.narrow_size = (*descr)[2] - '0';
      h.narrow_signed = (*descr)[1] == 'i';
    } else {
      detail::file_error(what_, "unsupported dtype '" + *descr +
                                    "' (supported: <f8, <f4, <i8, <i4, <i2, |i1, <u4, <u2, |u1, |b1)");
    }
    return h;
  }

 private:
  [[noreturn]] void fail(const std::string& msg) {
    detail::file_error(what_, "corrupt header: " + msg);
  }
  void skip_space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t')) ++i_;
  }
  bool peek(char c) {
    skip_space();
    return i_ < s_.size() && s_[i_] == c;
  }
  void expect(char c) {
    if (!peek(c)) fail(std::string("expected '") + c + "' at offset " + std::to_string(i_));
    ++i_;
  }
  std::string string_literal() {
    skip_space();
    if (i_ >= s_.size() || (s_[i_] != '\'' && s_[i_] != '"')) fail("expected a string");
    char quote = s_[i_++];
    size_t end = s_.find(quote, i_);
    if (end == std::string_view::npos) fail("unterminated string");
    std::string v(s_.substr(i_, end - i_));
    i_ = end + 1;
    return v;
  }
  bool boolean() {
    skip_space();
    if (s_.substr(i_, 4) == "True") { i_ += 4; return true; }
    if (s_.substr(i_, 5) == "False") { i_ += 5; return false; }
    fail("expected True or False");
  }
  Shape tuple() {
    expect('(');
    Shape shape;
    while (!peek(')')) {
      skip_space();
      int64_t v = 0;
      size_t start = i_;
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') {
        if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, s_[i_] - '0', &v))
          fail("dimension too large");
        ++i_;
      }
      if (i_ == start) fail("expected a dimension");
      if (shape.rank() == Shape::kMaxRank)
        detail::file_error(what_, "rank exceeds the maximum rank " + std::to_string(Shape::kMaxRank));
      shape.push_back(v);
      if (!peek(')')) expect(',');
    }
    expect(')');
    return shape;
  }

  std::string_view s_;
  const std::string& what_;
  size_t i_ = 0;
};

// The header length and where it starts, from the fixed prefix (at least 12 bytes or the file).
NpyHeader parse_header(std::string_view bytes, const std::string& what,
                       const std::function<std::string_view(int64_t)>& more) {
  if (bytes.substr(0, kMagicSize) != std::string_view(kMagic, kMagicSize).substr(0, bytes.size()) ||
      bytes.empty())
    detail::file_error(what, "not a .npy file (bad magic bytes)");
  if (bytes.size() < 10) detail::file_error(what, "truncated: incomplete header");
  const auto* u = reinterpret_cast<const unsigned char*>(bytes.data());
  int major = u[6];
  int64_t header_len, start;
  if (major == 1) {
    header_len = static_cast<int64_t>(detail::read_le(u + 8, 2));
    start = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12) detail::file_error(what, "truncated: incomplete header");
    header_len = static_cast<int64_t>(detail::read_le(u + 8, 4));
    start = 12;
  } else {
    detail::file_error(what, "unsupported .npy version " + std::to_string(major) + "." +
                                 std::to_string(u[7]));
  }
  std::string_view text = more(start + header_len);
  if (static_cast<int64_t>(text.size()) < start + header_len)
    detail::file_error(what, "truncated: incomplete header");
  return HeaderParser(text.substr(start, header_len), what).parse(start + header_len);
}

std::string describe_counts(int64_t expected, int64_t held) {
  return "header says " + std::to_string(expected) + " elements, file holds " +
         std::to_string(held);
}

// Bool elements must be exactly 0 or 1 in memory; other bytes mean true.
void normalise_bools(Tensor& t) {
  if (t.dtype() != DType::Bool) return;
  auto* p = static_cast<unsigned char*>(t.raw_data());
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = p[i] != 0;
}

// The element count a header promises, checked against what is there.
int64_t check_size(const NpyHeader& h, int64_t available, const std::string& what) {
  int64_t n;
  try {
    n = h.shape.numel();
  } catch (const TensorError&) {
    detail::file_error(what, "corrupt header: shape " + to_string(h.shape) + " is too large");
  }
  const int64_t size = h.file_itemsize();
  if (n > available / size) detail::file_error(what, "truncated: " + describe_counts(n, available / size));
  if (n * size != available)
    detail::file_error(what, std::to_string(available - n * size) +
                                 " unexpected bytes after the data (" +
                                 describe_counts(n, available / size) + ")");
  return n;
}

}  // namespace

namespace detail {

std::string npy_header(DType dtype, const Shape& shape) {
  std::string dict = std::string("{'descr': '") + descr_of(dtype) +
                     "', 'fortran_order': False, 'shape': " + to_string(shape) + ", }";
  // Pad so that the data starts at a multiple of 64 bytes, as NumPy does.
  size_t total = 10 + dict.size() + 1;
  dict.append((64 - total % 64) % 64, ' ');
  dict += '\n';
  std::string out(kMagic, kMagicSize);
  out += '\x01';
  out += '\x00';
  detail::append_le(out, dict.size(), 2);
  return out + dict;
}

std::string_view element_bytes(const Tensor& contiguous_tensor) {
  return {static_cast<const char*>(contiguous_tensor.raw_data()),
          static_cast<size_t>(contiguous_tensor.numel() * itemsize(contiguous_tensor.dtype()))};
}

}  // namespace detail

std::string encode_npy(const Tensor& x) {
  Tensor c = contiguous(x);
  std::string out = detail::npy_header(c.dtype(), c.shape());
  out += detail::element_bytes(c);
  return out;
}

Tensor decode_npy(std::string_view bytes, const std::string& what) {
  NpyHeader h = parse_header(bytes, what, [&](int64_t) { return bytes; });
  int64_t n = check_size(h, static_cast<int64_t>(bytes.size()) - h.data_offset, what);
  Tensor t = Tensor::empty(h.dtype, h.shape);
  if (h.narrow_size) widen(h, reinterpret_cast<const unsigned char*>(bytes.data() + h.data_offset), t, n);
  else if (n > 0) std::memcpy(t.raw_data(), bytes.data() + h.data_offset, n * itemsize(h.dtype));
  normalise_bools(t);
  return t;
}

Tensor load_npy(const std::string& path) {
  detail::InputFile file(path);
  std::string prefix(static_cast<size_t>(std::min<int64_t>(file.size(), 12)), '\0');
  file.read_at(0, prefix.data(), static_cast<int64_t>(prefix.size()));
  std::string header;
  NpyHeader h = parse_header(prefix, path, [&](int64_t len) -> std::string_view {
    header = detail::byte_buffer(std::min(len, file.size()), path + " header");
    file.read_at(0, header.data(), static_cast<int64_t>(header.size()));
    return header;
  });
  int64_t n = check_size(h, file.size() - h.data_offset, path);
  Tensor t = Tensor::empty(h.dtype, h.shape);
  if (h.narrow_size) {
    std::string raw = detail::byte_buffer(n * h.narrow_size, path);
    file.read_exactly(h.data_offset, raw.data(), n * h.narrow_size, "data ends early");
    widen(h, reinterpret_cast<const unsigned char*>(raw.data()), t, n);
  } else {
    file.read_exactly(h.data_offset, t.raw_data(), n * itemsize(h.dtype), "data ends early");
  }
  normalise_bools(t);
  return t;
}

void save_npy(const std::string& path, const Tensor& x) {
  // Header and elements as separate pieces: the elements are written straight from the tensor.
  Tensor c = contiguous(x);
  std::string header = detail::npy_header(c.dtype(), c.shape());
  std::string_view pieces[] = {header, detail::element_bytes(c)};
  detail::write_file_atomically(path, pieces);
}

}  // namespace fx::rt
