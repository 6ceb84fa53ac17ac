// .npz archives: a zip file (PKWARE APPNOTE) whose entries are NAME.npy. The reader trusts the
// central directory (NumPy's writer puts zip64 placeholders in local headers), checks every
// offset and size against the file, inflates deflated entries with zlib and verifies CRC-32s.
#include <zlib.h>

#include <algorithm>
#include <climits>
#include <set>

#include "file_io.hpp"
#include "fluxion/runtime/convert.hpp"
#include "fluxion/runtime/io.hpp"
#include "npy_format.hpp"

namespace fx::rt {

namespace {

using detail::append_le;
using detail::file_error;
using detail::read_le;

constexpr uint32_t kLocalSig = 0x04034b50, kCentralSig = 0x02014b50, kEndSig = 0x06054b50;
constexpr uint32_t kZip64EndSig = 0x06064b50, kZip64LocatorSig = 0x07064b50;
constexpr uint16_t kDosDate1980 = (0 << 9) | (1 << 5) | 1;  // fixed: archives are reproducible

uint32_t crc32_of(uint32_t crc, std::string_view bytes) {
  return static_cast<uint32_t>(
      crc32_z(crc, reinterpret_cast<const Bytef*>(bytes.data()), bytes.size()));
}

struct Entry {
  std::string name;
  uint16_t method;
  uint32_t crc;
  uint64_t compressed, uncompressed, local_offset;
};

// The zip64 extended-information extra field replaces whichever 32-bit fields are saturated.
void apply_zip64_extra(Entry& e, const unsigned char* extra, size_t len, const std::string& path) {
  size_t i = 0;
  while (i + 4 <= len) {
    uint16_t id = static_cast<uint16_t>(read_le(extra + i, 2));
    uint16_t size = static_cast<uint16_t>(read_le(extra + i + 2, 2));
    if (i + 4 + size > len) break;
    if (id == 0x0001) {
      const unsigned char* p = extra + i + 4;
      size_t left = size;
      auto take = [&](uint64_t& field) {
        if (field != 0xFFFFFFFFu) return;
        if (left < 8) file_error(path, "corrupt zip64 field of entry '" + e.name + "'");
        field = read_le(p, 8);
        p += 8;
        left -= 8;
      };
      take(e.uncompressed);
      take(e.compressed);
      take(e.local_offset);
    }
    i += 4 + size;
  }
}

std::vector<Entry> read_central_directory(const detail::InputFile& file) {
  const std::string& path = file.path();
  // The end record is the last 22 bytes plus a comment of up to 65535 bytes.
  int64_t tail_len = std::min<int64_t>(file.size(), 22 + 65535);
  std::string tail(static_cast<size_t>(tail_len), '\0');
  file.read_at(file.size() - tail_len, tail.data(), tail_len);
  const auto* t = reinterpret_cast<const unsigned char*>(tail.data());
  int64_t end = -1;
  for (int64_t i = tail_len - 22; i >= 0; --i)
    if (read_le(t + i, 4) == kEndSig) {
      end = i;
      break;
    }
  if (end < 0) file_error(path, "not a zip archive (no end of central directory record)");
  uint64_t count = read_le(t + end + 10, 2);
  uint64_t cd_size = read_le(t + end + 12, 4);
  uint64_t cd_offset = read_le(t + end + 16, 4);
  if (count == 0xFFFF || cd_size == 0xFFFFFFFFu || cd_offset == 0xFFFFFFFFu) {
    int64_t locator = file.size() - tail_len + end - 20;
    unsigned char loc[20], rec[56];
    file.read_exactly(locator, loc, 20, "zip64 locator missing");
    if (read_le(loc, 4) != kZip64LocatorSig) file_error(path, "corrupt zip64 locator");
    file.read_exactly(static_cast<int64_t>(std::min<uint64_t>(read_le(loc + 8, 8), INT64_MAX)),
                      rec, 56, "zip64 end record missing");
    if (read_le(rec, 4) != kZip64EndSig) file_error(path, "corrupt zip64 end record");
    count = read_le(rec + 32, 8);
    cd_size = read_le(rec + 40, 8);
    cd_offset = read_le(rec + 48, 8);
  }
  if (cd_offset > static_cast<uint64_t>(file.size()) ||
      cd_size > static_cast<uint64_t>(file.size()) - cd_offset)
    file_error(path, "truncated: the central directory lies outside the file");
  std::string cd = detail::byte_buffer(static_cast<int64_t>(cd_size), path + " central directory");
  file.read_exactly(static_cast<int64_t>(cd_offset), cd.data(), static_cast<int64_t>(cd_size),
                    "central directory");
  const auto* c = reinterpret_cast<const unsigned char*>(cd.data());
  std::vector<Entry> entries;
  size_t pos = 0;
  for (uint64_t i = 0; i < count; ++i) {
    if (pos + 46 > cd.size() || read_le(c + pos, 4) != kCentralSig)
      file_error(path, "corrupt central directory entry " + std::to_string(i));
    Entry e;
    uint16_t flags = static_cast<uint16_t>(read_le(c + pos + 8, 2));
    e.method = static_cast<uint16_t>(read_le(c + pos + 10, 2));
    e.crc = static_cast<uint32_t>(read_le(c + pos + 16, 4));
    e.compressed = read_le(c + pos + 20, 4);
    e.uncompressed = read_le(c + pos + 24, 4);
    size_t name_len = read_le(c + pos + 28, 2), extra_len = read_le(c + pos + 30, 2),
           comment_len = read_le(c + pos + 32, 2);
    e.local_offset = read_le(c + pos + 42, 4);
    if (pos + 46 + name_len + extra_len + comment_len > cd.size())
      file_error(path, "corrupt central directory entry " + std::to_string(i));
    e.name.assign(cd.data() + pos + 46, name_len);
    apply_zip64_extra(e, c + pos + 46 + name_len, extra_len, path);
    if (flags & 1) file_error(path, "entry '" + e.name + "' is encrypted");
    entries.push_back(std::move(e));
    pos += 46 + name_len + extra_len + comment_len;
  }
  return entries;
}

// The uncompressed bytes of one entry.
std::string read_entry(const detail::InputFile& file, const Entry& e) {
  const std::string& path = file.path();
  const std::string what = "entry '" + e.name + "'";
  unsigned char local[30];
  file.read_exactly(static_cast<int64_t>(std::min<uint64_t>(e.local_offset, INT64_MAX)), local, 30,
                    what + " lies outside the file");
  if (read_le(local, 4) != kLocalSig) file_error(path, "corrupt local header of " + what);
  uint64_t data_offset = e.local_offset + 30 + read_le(local + 26, 2) + read_le(local + 28, 2);
  if (data_offset > static_cast<uint64_t>(file.size()) ||
      e.compressed > static_cast<uint64_t>(file.size()) - data_offset)
    file_error(path, "truncated: " + what + " needs " + std::to_string(e.compressed) +
                         " bytes, file ends first");
  if (e.uncompressed > static_cast<uint64_t>(INT64_MAX))
    file_error(path, what + " is too large");
  // Deflate expands at most ~1032:1; a larger claim is corruption (or a decompression bomb), and
  // must be rejected before a buffer of the claimed size is allocated.
  if (e.method == 8 && e.uncompressed / 1100 > e.compressed + 1)
    file_error(path, "corrupt sizes of " + what + ": " + std::to_string(e.compressed) +
                         " compressed bytes cannot hold " + std::to_string(e.uncompressed));
  std::string raw =
      detail::byte_buffer(static_cast<int64_t>(e.compressed), path + " " + what);
  file.read_exactly(static_cast<int64_t>(data_offset), raw.data(),
                    static_cast<int64_t>(e.compressed), what);
  std::string out;
  if (e.method == 0) {
    if (e.compressed != e.uncompressed) file_error(path, "corrupt sizes of stored " + what);
    out = std::move(raw);
  } else if (e.method == 8) {
    out = detail::byte_buffer(static_cast<int64_t>(e.uncompressed), path + " " + what);
    z_stream zs{};
    if (inflateInit2(&zs, -MAX_WBITS) != Z_OK) file_error(path, "cannot start zlib");
    zs.next_in = reinterpret_cast<Bytef*>(raw.data());
    zs.next_out = reinterpret_cast<Bytef*>(out.data());
    // zlib counts in 32-bit units: hand it at most 1 GiB of input and output at a time.
    size_t in_left = raw.size(), out_left = out.size();  // not yet handed to zlib
    auto refill = [](uInt& avail, size_t& left) {
      if (avail == 0 && left > 0) {
        avail = static_cast<uInt>(std::min<size_t>(left, size_t{1} << 30));
        left -= avail;
      }
    };
    int rc;
    for (;;) {
      refill(zs.avail_in, in_left);
      refill(zs.avail_out, out_left);
      rc = inflate(&zs, Z_NO_FLUSH);
      if (rc == Z_OK) continue;
      if (rc == Z_BUF_ERROR &&
          ((zs.avail_in == 0 && in_left > 0) || (zs.avail_out == 0 && out_left > 0)))
        continue;
      break;
    }
    bool complete = rc == Z_STREAM_END && zs.avail_out == 0 && out_left == 0;
    inflateEnd(&zs);
    if (!complete) file_error(path, "corrupt deflate data in " + what);
  } else {
    file_error(path, what + " uses unsupported compression method " + std::to_string(e.method));
  }
  if (crc32_of(0, out) != e.crc) file_error(path, "CRC mismatch in " + what + " (corrupt data)");
  return out;
}

}  // namespace

std::vector<NamedTensor> load_npz(const std::string& path) {
  detail::InputFile file(path);
  std::vector<NamedTensor> result;
  for (const Entry& e : read_central_directory(file)) {
    if (e.name.size() < 4 || e.name.substr(e.name.size() - 4) != ".npy")
      file_error(path, "entry '" + e.name + "' is not a .npy file");
    std::string bytes = read_entry(file, e);
    result.push_back({e.name.substr(0, e.name.size() - 4), decode_npy(bytes, path + ":" + e.name)});
  }
  return result;
}

void save_npz(const std::string& path, std::span<const NamedTensor> arrays) {
  if (arrays.size() >= 0xFFFF) file_error(path, "too many arrays for one .npz archive");
  std::set<std::string> seen;
  for (const NamedTensor& a : arrays) {
    if (a.name.empty()) file_error(path, "array names must not be empty");
    if (a.name.size() > 60000) file_error(path, "array name is too long");
    if (!seen.insert(a.name).second) file_error(path, "duplicate array name '" + a.name + "'");
  }
  // Local header, npy header and elements per entry, then the central directory and end record.
  // Each piece is kept alive here; elements are written straight from the tensors.
  std::vector<Tensor> data;
  std::vector<std::string> headers;  // local header + npy header, per entry
  std::string central;
  uint64_t offset = 0;
  for (const NamedTensor& a : arrays) {
    Tensor c = contiguous(a.tensor);
    std::string npy = detail::npy_header(c.dtype(), c.shape());
    std::string_view elements = detail::element_bytes(c);
    uint64_t size = npy.size() + elements.size();
    if (size >= 0xFFFFFFFFu || offset >= 0xFFFFFFFFu)
      file_error(path, "arrays of 4 GiB or more are not supported in .npz files");
    uint32_t crc = crc32_of(crc32_of(0, npy), elements);
    std::string name = a.name + ".npy";
    std::string local;
    append_le(local, kLocalSig, 4);
    append_le(local, 20, 2);  // version needed: 2.0
    append_le(local, 0, 2);   // flags
    append_le(local, 0, 2);   // method: stored
    append_le(local, 0, 2);   // time
    append_le(local, kDosDate1980, 2);
    append_le(local, crc, 4);
    append_le(local, size, 4);
    append_le(local, size, 4);
    append_le(local, name.size(), 2);
    append_le(local, 0, 2);  // extra length
    local += name;
    append_le(central, kCentralSig, 4);
    append_le(central, 20, 2);  // made by
    append_le(central, 20, 2);  // needed
    append_le(central, 0, 2);
    append_le(central, 0, 2);
    append_le(central, 0, 2);
    append_le(central, kDosDate1980, 2);
    append_le(central, crc, 4);
    append_le(central, size, 4);
    append_le(central, size, 4);
    append_le(central, name.size(), 2);
    append_le(central, 0, 2);  // extra
    append_le(central, 0, 2);  // comment
    append_le(central, 0, 2);  // disk
    append_le(central, 0, 2);  // internal attributes
    append_le(central, 0, 4);  // external attributes
    append_le(central, offset, 4);
    central += name;
    offset += local.size() + size;
    headers.push_back(local + npy);
    data.push_back(c);
  }
  if (offset >= 0xFFFFFFFFu) file_error(path, ".npz archives of 4 GiB or more are not supported");
  std::string end;
  append_le(end, kEndSig, 4);
  append_le(end, 0, 2);
  append_le(end, 0, 2);
  append_le(end, arrays.size(), 2);
  append_le(end, arrays.size(), 2);
  append_le(end, central.size(), 4);
  append_le(end, offset, 4);
  append_le(end, 0, 2);  // comment length
  std::vector<std::string_view> pieces;
  for (size_t i = 0; i < data.size(); ++i) {
    pieces.push_back(headers[i]);
    pieces.push_back(detail::element_bytes(data[i]));
  }
  pieces.push_back(central);
  pieces.push_back(end);
  detail::write_file_atomically(path, pieces);
}

}  // namespace fx::rt
