// Tensor runtime: .npy / .npz / IDX files, read_bytes, and atomic saves.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "fluxion/runtime/runtime.hpp"
#include "tensor_test_support.hpp"

using namespace fx::rt;
using namespace fx::rt::testing;
namespace fs = std::filesystem;

namespace {


void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void put_le(std::string& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

void put_be(std::string& out, uint64_t v, int bytes) {
  for (int i = bytes - 1; i >= 0; --i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

// A .npy file with the given header dict (padded like NumPy's) and data, version 1 or 2.
std::string npy_bytes(const std::string& dict, const std::string& data, int version = 1) {
  std::string header = dict;
  size_t fixed = version == 1 ? 10 : 12;
  while ((fixed + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out = "\x93NUMPY";
  out += static_cast<char>(version);
  out += '\0';
  put_le(out, header.size(), version == 1 ? 2 : 4);
  return out + header + data;
}

std::string f64_bytes(std::initializer_list<double> values) {
  std::string out;
  for (double v : values) out.append(reinterpret_cast<const char*>(&v), 8);
  return out;
}

// A zip archive in which each entry is stored or deflated (raw deflate, as zip requires).
struct ZipEntry {
  std::string name, data;
  bool deflate;
};
std::string zip_bytes(const std::vector<ZipEntry>& entries) {
  std::string out, central;
  for (const ZipEntry& e : entries) {
    std::string payload = e.data;
    if (e.deflate) {
      z_stream zs{};
      deflateInit2(&zs, 9, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
      std::string buf(deflateBound(&zs, e.data.size()), '\0');
      zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(e.data.data()));
      zs.avail_in = static_cast<uInt>(e.data.size());
      zs.next_out = reinterpret_cast<Bytef*>(buf.data());
      zs.avail_out = static_cast<uInt>(buf.size());
      EXPECT_EQ(deflate(&zs, Z_FINISH), Z_STREAM_END);
      buf.resize(zs.total_out);
      deflateEnd(&zs);
      payload = buf;
    }
    uint32_t crc = static_cast<uint32_t>(
        crc32(0, reinterpret_cast<const Bytef*>(e.data.data()), static_cast<uInt>(e.data.size())));
    uint64_t offset = out.size();
    put_le(out, 0x04034b50, 4);
    put_le(out, 20, 2);
    put_le(out, 0, 2);
    put_le(out, e.deflate ? 8 : 0, 2);
    put_le(out, 0, 4);
    put_le(out, crc, 4);
    put_le(out, payload.size(), 4);
    put_le(out, e.data.size(), 4);
    put_le(out, e.name.size(), 2);
    put_le(out, 0, 2);
    out += e.name + payload;
    put_le(central, 0x02014b50, 4);
    put_le(central, 20, 2);
    put_le(central, 20, 2);
    put_le(central, 0, 2);
    put_le(central, e.deflate ? 8 : 0, 2);
    put_le(central, 0, 4);
    put_le(central, crc, 4);
    put_le(central, payload.size(), 4);
    put_le(central, e.data.size(), 4);
    put_le(central, e.name.size(), 2);
    put_le(central, 0, 2 * 4);
    put_le(central, 0, 4);
    put_le(central, offset, 4);
    central += e.name;
  }
  uint64_t cd_offset = out.size();
  out += central;
  put_le(out, 0x06054b50, 4);
  put_le(out, 0, 4);
  put_le(out, entries.size(), 2);
  put_le(out, entries.size(), 2);
  put_le(out, central.size(), 4);
  put_le(out, cd_offset, 4);
  put_le(out, 0, 2);
  return out;
}

void write_gzip(const std::string& path, const std::string& bytes) {
  gzFile gz = gzopen(path.c_str(), "wb");
  ASSERT_NE(gz, nullptr);
  ASSERT_EQ(gzwrite(gz, bytes.data(), static_cast<unsigned>(bytes.size())),
            static_cast<int>(bytes.size()));
  gzclose(gz);
}

// An IDX file: magic 00 00 type ndims, big-endian extents, then `data` (already big-endian).
std::string idx_bytes(int type, std::initializer_list<uint32_t> dims, const std::string& data) {
  std::string out;
  out += '\0';
  out += '\0';
  out += static_cast<char>(type);
  out += static_cast<char>(dims.size());
  for (uint32_t d : dims) put_be(out, d, 4);
  return out + data;
}

class TensorIO : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "fluxion-io-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return dir_ + "/" + name; }

  std::string dir_;
};

}  // namespace

TEST_F(TensorIO, NpyRoundTrips) {
  Tensor cases[] = {
      f64({{1.5, -2}, {3, 1e-300}}),
      astype(f64({0.1, 2, 3}), DType::F32),
      scalar_tensor(int64_t{-42}),
      from_nested({{true, false}, {false, true}}),
      zeros(Shape{0, 3}),
      transpose(reshape(arange(6), Shape{2, 3})),  // written in C order from a strided view
      reshape(arange_f64(0, 24), Shape{2, 3, 4}),
      index(arange(10), {Slice{{}, {}, -3}}),
  };
  for (const Tensor& t : cases) {
    save_npy(path("t.npy"), t);
    Tensor back = load_npy(path("t.npy"));
    EXPECT_EQ(back.dtype(), t.dtype());
    EXPECT_EQ(back.shape(), t.shape());
    EXPECT_EQ(format(back), format(t));
    EXPECT_EQ(format(decode_npy(encode_npy(t), "memory")), format(t));
  }
}

TEST_F(TensorIO, NpyHeaderIsWhatNumpyWrites) {
  save_npy(path("h.npy"), zeros(Shape{2, 3}));
  std::string bytes = read_file(path("h.npy"));
  ASSERT_GE(bytes.size(), 10u);
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  size_t header_len = static_cast<unsigned char>(bytes[8]) | static_cast<unsigned char>(bytes[9]) << 8;
  EXPECT_EQ((10 + header_len) % 64, 0u);
  std::string dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }";
  EXPECT_EQ(bytes.substr(10, dict.size()), dict);
  EXPECT_EQ(bytes[10 + header_len - 1], '\n');
  EXPECT_EQ(bytes.size(), 10 + header_len + 48);
  save_npy(path("s.npy"), scalar_tensor(true));
  EXPECT_NE(read_file(path("s.npy")).find("{'descr': '|b1', 'fortran_order': False, 'shape': (), }"),
            std::string::npos);
  save_npy(path("v.npy"), arange(3));
  EXPECT_NE(read_file(path("v.npy")).find("'descr': '<i8', 'fortran_order': False, 'shape': (3,)"),
            std::string::npos);
}

TEST_F(TensorIO, NpyAcceptsVersion2AndOtherKeyOrders) {
  std::string data;
  put_le(data, 1, 8);
  put_le(data, static_cast<uint64_t>(-2), 8);
  write_file(path("v2.npy"),
             npy_bytes("{\"shape\": (2,), \"fortran_order\": False, \"descr\": \"<i8\"}", data, 2));
  EXPECT_EQ(format(load_npy(path("v2.npy"))), "[1, -2]");
  write_file(path("b.npy"), npy_bytes("{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }",
                                      std::string("\x00\x02\x01", 3)));
  Tensor b = load_npy(path("b.npy"));
  EXPECT_EQ(format(b), "[False, True, True]");
  EXPECT_EQ(static_cast<unsigned char*>(b.raw_data())[1], 1);  // normalised to 0/1
}

TEST_F(TensorIO, NpyErrorsNameThePathAndTheProblem) {
  const std::string dict100 = "{'descr': '<f8', 'fortran_order': False, 'shape': (100,), }";
  write_file(path("x.npy"), npy_bytes(dict100, std::string(37 * 8 + 3, '\0')));
  expect_error([&] { load_npy(path("x.npy")); },
               path("x.npy") + ": truncated: header says 100 elements, file holds 37");
  expect_error([&] { load_npy(path("missing.npy")); },
               path("missing.npy") + ": cannot open: No such file or directory");
  write_file(path("magic.npy"), "PK\x03\x04 this is a zip, not an npy");
  expect_error([&] { load_npy(path("magic.npy")); }, "magic.npy: not a .npy file");
  write_file(path("empty.npy"), "");
  expect_error([&] { load_npy(path("empty.npy")); }, "empty.npy: not a .npy file");
  write_file(path("short.npy"), npy_bytes(dict100, "").substr(0, 30));
  expect_error([&] { load_npy(path("short.npy")); }, "short.npy: truncated: incomplete header");
  write_file(path("tiny.npy"), std::string("\x93NUMPY\x01", 7));
  expect_error([&] { load_npy(path("tiny.npy")); }, "tiny.npy: truncated");
  write_file(path("f.npy"), npy_bytes("{'descr': '<f8', 'fortran_order': True, 'shape': (2, 2), }",
                                      std::string(32, '\0')));
  expect_error([&] { load_npy(path("f.npy")); }, "f.npy: Fortran-order arrays are not supported");
  write_file(path("c8.npy"), npy_bytes("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }",
                                       std::string(8, '\0')));
  expect_error([&] { load_npy(path("c8.npy")); }, "c8.npy: unsupported dtype '<c8'");
  write_file(path("i4.npy"), npy_bytes("{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }",
                                       std::string(16, '\0')));
  expect_error([&] { load_npy(path("i4.npy")); }, "i4.npy: 4 unexpected bytes after the data");
  write_file(path("be.npy"), npy_bytes("{'descr': '>f8', 'fortran_order': False, 'shape': (1,), }",
                                       std::string(8, '\0')));
  expect_error([&] { load_npy(path("be.npy")); }, "unsupported dtype '>f8'");
  write_file(path("extra.npy"),
             npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", f64_bytes({1, 2})));
  expect_error([&] { load_npy(path("extra.npy")); }, "extra.npy: 8 unexpected bytes after the data");
  write_file(path("bad.npy"), npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (2, x), }",
                                        f64_bytes({1, 2})));
  expect_error([&] { load_npy(path("bad.npy")); }, "bad.npy: corrupt header");
  write_file(path("huge.npy"),
             npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (100000000000,), }", ""));
  expect_error([&] { load_npy(path("huge.npy")); },
               "truncated: header says 100000000000 elements, file holds 0");
  write_file(path("over.npy"),
             npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4294967296), }", ""));
  expect_error([&] { load_npy(path("over.npy")); }, "too large");
  write_file(path("v9.npy"), std::string("\x93NUMPY\x09\x00\x00\x00", 10));
  expect_error([&] { load_npy(path("v9.npy")); }, "unsupported .npy version 9.0");
  expect_error([&] { load_npy(dir_); }, dir_ + ": is a directory");
}

TEST_F(TensorIO, NpzRoundTrip) {
  std::vector<NamedTensor> arrays = {
      {"w", f64({{1, 2}, {3, 4}})},
      {"b", astype(f64({0.5, -0.5}), DType::F32)},
      {"step", scalar_tensor(int64_t{7})},
      {"mask", from_nested({true, false})},
      {"empty", zeros(Shape{0})},
  };
  save_npz(path("m.npz"), arrays);
  std::vector<NamedTensor> back = load_npz(path("m.npz"));
  ASSERT_EQ(back.size(), arrays.size());
  for (size_t i = 0; i < arrays.size(); ++i) {
    EXPECT_EQ(back[i].name, arrays[i].name);
    EXPECT_EQ(back[i].tensor.dtype(), arrays[i].tensor.dtype());
    EXPECT_EQ(back[i].tensor.shape(), arrays[i].tensor.shape());
    EXPECT_EQ(format(back[i].tensor), format(arrays[i].tensor));
  }
  save_npz(path("none.npz"), {});
  EXPECT_TRUE(load_npz(path("none.npz")).empty());
  expect_error([&] { save_npz(path("d.npz"), std::vector<NamedTensor>{{"a", arange(1)}, {"a", arange(2)}}); },
               "duplicate array name 'a'");
  expect_error([&] { save_npz(path("d.npz"), std::vector<NamedTensor>{{"", arange(1)}}); },
               "array names must not be empty");
  EXPECT_FALSE(fs::exists(path("d.npz")));
}

TEST_F(TensorIO, NpzReadsStoredAndDeflatedEntries) {
  std::string a = encode_npy(reshape(arange(100), Shape{10, 10}));
  std::string b = encode_npy(f64({1.5, 2.5}));
  write_file(path("z.npz"), zip_bytes({{"a.npy", a, true}, {"b.npy", b, false}}));
  std::vector<NamedTensor> got = load_npz(path("z.npz"));
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].name, "a");
  EXPECT_EQ(format(got[0].tensor), format(reshape(arange(100), Shape{10, 10})));
  EXPECT_EQ(got[1].name, "b");
  EXPECT_EQ(format(got[1].tensor), "[1.5, 2.5]");
}

TEST_F(TensorIO, NpzErrors) {
  write_file(path("junk.npz"), "this is not a zip archive at all, just text");
  expect_error([&] { load_npz(path("junk.npz")); }, "junk.npz: not a zip archive");
  std::string good = zip_bytes({{"a.npy", encode_npy(arange(50)), false}});
  std::string flipped = good;
  flipped[30 + 5 + 150] ^= 0x55;  // inside the element bytes of the stored entry
  write_file(path("crc.npz"), flipped);
  expect_error([&] { load_npz(path("crc.npz")); }, "crc.npz: CRC mismatch in entry 'a.npy'");
  std::string deflated = zip_bytes({{"a.npy", encode_npy(arange(50)), true}});
  std::string broken = deflated;
  for (size_t i = 40; i < 60; ++i) broken[i] ^= 0x5a;
  write_file(path("inflate.npz"), broken);
  expect_error([&] { load_npz(path("inflate.npz")); }, "inflate.npz: ");
  write_file(path("cut.npz"), good.substr(0, good.size() - 10));
  expect_error([&] { load_npz(path("cut.npz")); }, "cut.npz: not a zip archive");
  std::string truncated = good.substr(0, 100) + good.substr(good.size() - 22 - 35 - 11);
  write_file(path("hole.npz"), truncated);
  expect_error([&] { load_npz(path("hole.npz")); }, "hole.npz: ");
  std::string bomb = deflated;  // claims 3 GB of output from a few hundred bytes
  size_t central = bomb.find(std::string("PK\x01\x02", 4));
  ASSERT_NE(central, std::string::npos);
  for (int i = 0; i < 4; ++i) bomb[central + 24 + i] = "\x00\x00\x00\xb0"[i];
  write_file(path("bomb.npz"), bomb);
  expect_error([&] { load_npz(path("bomb.npz")); }, "bomb.npz: corrupt sizes of entry 'a.npy'");
  {
    ScopedAllocationLimit limit(100);
    write_file(path("big.npz"), deflated);
    expect_error([&] { load_npz(path("big.npz")); }, "cannot allocate");
  }
  write_file(path("txt.npz"), zip_bytes({{"notes.txt", "hello", false}}));
  expect_error([&] { load_npz(path("txt.npz")); }, "txt.npz: entry 'notes.txt' is not a .npy file");
  write_file(path("inner.npz"), zip_bytes({{"a.npy", "\x93NUMPY garbage", false}}));
  expect_error([&] { load_npz(path("inner.npz")); }, "inner.npz:a.npy: ");
}

TEST_F(TensorIO, IdxPlainAndGzip) {
  std::string pixels;
  for (int i = 0; i < 12; ++i) pixels += static_cast<char>(i == 11 ? 255 : i);
  std::string images = idx_bytes(0x08, {2, 2, 3}, pixels);
  write_file(path("images-idx3-ubyte"), images);
  write_gzip(path("images-idx3-ubyte.gz"), images);
  const char* expected = "[[[0, 1, 2], [3, 4, 5]], [[6, 7, 8], [9, 10, 255]]]";
  for (const char* name : {"images-idx3-ubyte", "images-idx3-ubyte.gz"}) {
    Tensor t = read_idx(path(name));
    EXPECT_EQ(t.dtype(), DType::I64);
    EXPECT_EQ(t.shape(), (Shape{2, 2, 3}));
    EXPECT_EQ(format(t), expected);
  }
  write_gzip(path("labels.gz"), idx_bytes(0x08, {4}, std::string("\x09\x00\x03\x07", 4)));
  EXPECT_EQ(format(read_idx(path("labels.gz"))), "[9, 0, 3, 7]");
  std::string ints;
  put_be(ints, static_cast<uint32_t>(-5), 4);
  put_be(ints, 70000, 4);
  write_file(path("i32.idx"), idx_bytes(0x0C, {2}, ints));
  EXPECT_EQ(format(read_idx(path("i32.idx"))), "[-5, 70000]");
  std::string doubles;
  double v = 2.5;
  uint64_t bits;
  memcpy(&bits, &v, 8);
  put_be(doubles, bits, 8);
  write_file(path("f64.idx"), idx_bytes(0x0E, {1, 1}, doubles));
  EXPECT_EQ(format(read_idx(path("f64.idx"))), "[[2.5]]");
  std::string floats;
  float f = -0.5f;
  uint32_t fbits;
  memcpy(&fbits, &f, 4);
  put_be(floats, fbits, 4);
  write_file(path("f32.idx"), idx_bytes(0x0D, {1}, floats));
  Tensor ft = read_idx(path("f32.idx"));
  EXPECT_EQ(ft.dtype(), DType::F32);
  EXPECT_EQ(format(ft), "[-0.5]");
  write_file(path("i8.idx"), idx_bytes(0x09, {2}, std::string("\xff\x7f", 2)));
  EXPECT_EQ(format(read_idx(path("i8.idx"))), "[-1, 127]");
  std::string shorts;
  put_be(shorts, 0xfffe, 2);
  write_file(path("i16.idx"), idx_bytes(0x0B, {1}, shorts));
  EXPECT_EQ(format(read_idx(path("i16.idx"))), "[-2]");
}

TEST_F(TensorIO, IdxErrors) {
  std::string images = idx_bytes(0x08, {3, 4}, std::string(12, '\x01'));
  write_file(path("cut"), images.substr(0, images.size() - 5));
  expect_error([&] { read_idx(path("cut")); }, "cut: truncated: header says 12 elements, file holds 7");
  write_file(path("zip"), "PK\x03\x04rest of a zip file");
  expect_error([&] { read_idx(path("zip")); },
               "zip: not an IDX file: magic bytes are 50 4b 03 04");
  write_file(path("rank9"), idx_bytes(0x08, {1, 1, 1, 1, 1, 1, 1, 1, 1}, "\x01"));
  expect_error([&] { read_idx(path("rank9")); }, "not an IDX file: magic bytes are 00 00 08 09");
  write_file(path("long"), images + "xy");
  expect_error([&] { read_idx(path("long")); }, "long: unexpected bytes after the data");
  write_file(path("two"), "\x00\x00");
  expect_error([&] { read_idx(path("two")); }, "two: truncated");
  expect_error([&] { read_idx(path("absent.gz")); }, "absent.gz: cannot open");
  // gzip: cut in the middle of the compressed stream, and corrupted.
  std::string big;
  std::mt19937 rng(1);
  for (int i = 0; i < 5000; ++i) big += static_cast<char>(rng() % 7);
  write_gzip(path("full.gz"), idx_bytes(0x08, {5000}, big));
  EXPECT_EQ(read_idx(path("full.gz")).numel(), 5000);
  std::string gz = read_file(path("full.gz"));
  write_file(path("cut.gz"), gz.substr(0, gz.size() / 2));
  expect_error([&] { read_idx(path("cut.gz")); }, "cut.gz: ");
  std::string corrupt = gz;
  for (size_t i = gz.size() / 3; i < gz.size() / 3 + 16; ++i) corrupt[i] ^= 0xa5;
  write_file(path("corrupt.gz"), corrupt);
  expect_error([&] { read_idx(path("corrupt.gz")); }, "corrupt.gz: ");
  write_gzip(path("short.gz"), idx_bytes(0x08, {10}, "abc"));
  expect_error([&] { read_idx(path("short.gz")); },
               "short.gz: truncated: header says 10 elements, file holds 3");
  write_gzip(path("huge.gz"), idx_bytes(0x08, {60000, 60000, 60000}, "abc"));
  expect_error([&] { read_idx(path("huge.gz")); },
               "huge.gz: truncated: header says 216000000000000 elements, more than a gzip file");
  {
    ScopedAllocationLimit limit(1000);
    expect_error([&] { read_idx(path("full.gz")); }, "cannot allocate 40000 bytes");
  }
}

TEST_F(TensorIO, ReadBytes) {
  write_file(path("b.bin"), std::string("\x00\xff\x0a\x80", 4));
  Tensor t = read_bytes(path("b.bin"));
  EXPECT_EQ(t.dtype(), DType::I64);
  EXPECT_EQ(format(t), "[0, 255, 10, 128]");
  write_file(path("e.bin"), "");
  EXPECT_EQ(format(read_bytes(path("e.bin"))), "[]");
  expect_error([&] { read_bytes(path("nope.bin")); }, "nope.bin: cannot open");
}

TEST_F(TensorIO, FailedSavesLeaveNothingBehind) {
  expect_error([&] { save_npy(path("no/such/dir/x.npy"), arange(3)); },
               "x.npy: cannot create a temporary file in '" + path("no/such/dir") + "'");
  fs::create_directory(path("target.npy"));  // renaming a file over a directory fails
  expect_error([&] { save_npy(path("target.npy"), arange(3)); }, "target.npy: cannot replace");
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir_)) files += entry.is_regular_file();
  EXPECT_EQ(files, 0);  // the temporary file was removed
  save_npy("relative-in-cwd-test.npy", arange(2));  // a bare file name is in "."
  EXPECT_EQ(format(load_npy("relative-in-cwd-test.npy")), "[0, 1]");
  fs::remove("relative-in-cwd-test.npy");
}

TEST_F(TensorIO, SaveIsAtomicWhenTheWriterIsKilled) {
  // A child saves two different big tensors in turn; we kill -9 it at random moments. The target
  // must always load as one of them, complete — never a mix, a truncation or a missing file.
  const int64_t n = 1 << 18;  // 2 MiB of f64
  Tensor a = full(Shape{n}, 1.0), b = full(Shape{n}, 2.0);
  const std::string target = path("atomic.npy");
  save_npy(target, a);
  std::mt19937 rng(12345);
  int saw_b = 0;
  for (int trial = 0; trial < 30; ++trial) {
    pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      try {
        for (int i = 0;; ++i) save_npy(target, i % 2 == 0 ? b : a);
      } catch (...) {
        _exit(1);
      }
    }
    usleep(static_cast<useconds_t>(rng() % 30000));
    kill(pid, SIGKILL);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the writer failed on its own (exit status "
                                     << WEXITSTATUS(status) << ")";
    Tensor t = load_npy(target);
    ASSERT_EQ(t.shape(), (Shape{n}));
    double lo = min(t).item().to_f64(), hi = max(t).item().to_f64();
    ASSERT_EQ(lo, hi) << "trial " << trial << ": a mix of two saves";
    ASSERT_TRUE(lo == 1.0 || lo == 2.0);
    saw_b += lo == 2.0;
  }
  EXPECT_GT(saw_b, 0);  // the child did get to replace the file
}

// Narrower integer .npy files are read as i64 (sign-extended, or zero-extended when unsigned).
TEST_F(TensorIO, NarrowIntegerNpyFilesReadAsI64) {
  auto le = [](std::initializer_list<int64_t> values, int size) {
    std::string out;
    for (int64_t v : values)
      for (int i = 0; i < size; ++i) out += static_cast<char>((static_cast<uint64_t>(v) >> (8 * i)) & 0xff);
    return out;
  };
  struct Case {
    const char* descr;
    int size;
    std::initializer_list<int64_t> values;
    const char* printed;
  } cases[] = {{"<i4", 4, {3, -2, 2147483647}, "[3, -2, 2147483647]"},
               {"<i2", 2, {-32768, 7, 1}, "[-32768, 7, 1]"},
               {"|i1", 1, {-1, 127, 0}, "[-1, 127, 0]"},
               {"<u4", 4, {4294967295, 1, 0}, "[4294967295, 1, 0]"},
               {"<u2", 2, {65535, 2, 3}, "[65535, 2, 3]"},
               {"|u1", 1, {255, 0, 9}, "[255, 0, 9]"}};
  for (const Case& c : cases) {
    std::string bytes = npy_bytes(std::string("{'descr': '") + c.descr + "', 'fortran_order': False, 'shape': (3,), }",
                                  le(c.values, c.size));
    write_file(path("n.npy"), bytes);
    Tensor t = load_npy(path("n.npy"));
    EXPECT_EQ(t.dtype(), DType::I64) << c.descr;
    EXPECT_EQ(format(t), c.printed) << c.descr;
    EXPECT_EQ(format(decode_npy(bytes, "n.npy")), c.printed) << c.descr;
  }
}

TEST_F(TensorIO, LoadTxtFollowsNumpyLoadtxt) {
  write_file(path("t.txt"), "# header\n1 2 3\n\n4.5 -5e1 inf  # note\r\n  7\t8 +9\n");
  EXPECT_EQ(format(load_txt(path("t.txt"), 0, "")), "[[1.0, 2.0, 3.0], [4.5, -50.0, inf], [7.0, 8.0, 9.0]]");
  EXPECT_EQ(format(load_txt(path("t.txt"), 3, "")), "[[4.5, -50.0, inf], [7.0, 8.0, 9.0]]");
  write_file(path("c.csv"), "a,b\n1, 2\n 3 ,4\n");
  EXPECT_EQ(format(load_txt(path("c.csv"), 1, ",")), "[[1.0, 2.0], [3.0, 4.0]]");
  write_file(path("row.txt"), "1 2 3\n");
  EXPECT_EQ(load_txt(path("row.txt"), 0, "").shape(), Shape({3}));
  write_file(path("col.txt"), "1\n2\n");
  EXPECT_EQ(load_txt(path("col.txt"), 0, "").shape(), Shape({2}));
  write_file(path("one.txt"), "5\n");
  EXPECT_EQ(load_txt(path("one.txt"), 0, "").shape(), Shape());
  write_file(path("none.txt"), "# nothing\n");
  EXPECT_EQ(load_txt(path("none.txt"), 0, "").shape(), Shape({0}));
  write_file(path("bad.txt"), "1 2\n3 4\n5 x\n");
  expect_error([&] { load_txt(path("bad.txt"), 0, ""); }, path("bad.txt") + ":3: could not convert 'x' to a number");
  write_file(path("ragged.txt"), "1 2\n3\n");
  expect_error([&] { load_txt(path("ragged.txt"), 0, ""); },
               path("ragged.txt") + ":2: the number of columns changed from 2 (line 1) to 1");
  write_file(path("empty.csv"), "1,,2\n");
  expect_error([&] { load_txt(path("empty.csv"), 0, ","); }, "empty.csv:1: an empty field (column 2)");
  expect_error([&] { load_txt(path("missing.txt"), 0, ""); }, "missing.txt: cannot open");
}

TEST_F(TensorIO, ReadNumbersReadsEveryNumber) {
  write_file(path("r.txt"), "2 3 1\n-0.5 1e3\n\n 7\t+8 nan\n");
  EXPECT_EQ(format(read_numbers(path("r.txt"))), "[2.0, 3.0, 1.0, -0.5, 1000.0, 7.0, 8.0, nan]");
  write_file(path("bad.txt"), "1 2\n3 -\n");
  expect_error([&] { read_numbers(path("bad.txt")); }, path("bad.txt") + ":2: could not convert '-' to a number");
  write_file(path("e.txt"), "");
  EXPECT_EQ(read_numbers(path("e.txt")).shape(), Shape({0}));
  // Two million numbers (about 36 MB of text), every one read exactly. How fast is for
  // bench/ to measure: a time limit here failed under the sanitizers and on a loaded machine.
  {
    std::mt19937_64 gen(7);
    std::uniform_real_distribution<double> u(-1e3, 1e3);
    std::string text;
    std::vector<double> want;
    for (int i = 0; i < 2000000; ++i) {
      double v = u(gen);
      want.push_back(v);
      char buf[32];
      int n = std::snprintf(buf, sizeof buf, "%.17g", v);
      text.append(buf, n);
      text += (i % 10 == 9) ? '\n' : ' ';
    }
    write_file(path("big.txt"), text);
    Tensor t = read_numbers(path("big.txt"));
    ASSERT_EQ(t.numel(), 2000000);
    const double* p = static_cast<const double*>(t.raw_data());
    for (int i = 0; i < 2000000; i += 99991) EXPECT_EQ(p[i], want[i]);
    EXPECT_EQ(p[1999999], want[1999999]);
  }
}
