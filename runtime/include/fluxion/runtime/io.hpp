// Tensor files: NumPy's .npy and .npz, the IDX format of (Fashion-)MNIST, raw bytes.
// Every problem with a file is a TensorError naming the path and what is wrong
// ("x.npy: truncated: header says 100 elements, file holds 37"). Saves are atomic: a reader, or a
// crash at any moment, sees the old complete file or the new complete file.
#pragma once
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fluxion/runtime/tensor.hpp"

namespace fx::rt {

// .npy versions 1.0, 2.0 and 3.0; dtypes <f8 <f4 <i8 |b1, and the narrower integers <i4 <i2 |i1
// <u4 <u2 |u1 read as i64; C order only.
Tensor load_npy(const std::string& path);
void save_npy(const std::string& path, const Tensor& x);  // writes version 1.0

// The .npy encoding in memory, and back (`what` names the source in errors).
std::string encode_npy(const Tensor& x);
Tensor decode_npy(std::string_view bytes, const std::string& what);

// .npz: a zip archive of NAME.npy entries. Reading accepts stored and deflated entries (and
// zip64 records); writing stores entries uncompressed, in the given order.
struct NamedTensor {
  std::string name;
  Tensor tensor;
};
std::vector<NamedTensor> load_npz(const std::string& path);
void save_npz(const std::string& path, std::span<const NamedTensor> arrays);

// The file's bytes as an i64 tensor of shape (size,), values 0..255.
Tensor read_bytes(const std::string& path);

// An IDX file (magic 00 00 TYPE NDIMS, big-endian u32 extents, big-endian data), plain or
// gzip-compressed (recognised by its magic bytes). Element types u8, i8, i16, i32 give i64;
// f32 gives f32; f64 gives f64.
Tensor read_idx(const std::string& path);

}  // namespace fx::rt

namespace fx::rt {

// Text tables of numbers, with NumPy's loadtxt semantics: `#` starts a comment, blank lines are
// skipped, the first `skiprows` lines are skipped (comment lines count), fields are separated by
// runs of whitespace (`delimiter` empty) or by `delimiter` (whitespace around a field ignored);
// every row must have the same number of fields. The f64 result is the table with its length-1
// axes squeezed, as NumPy's ndmin=0: (rows, cols), (n,) for one row or one column, () for one
// number, (0,) for no rows. Errors name the file and its line: "data.txt:3: ...".
Tensor load_txt(const std::string& path, int64_t skiprows, const std::string& delimiter);

// Every whitespace-separated number of a text file, in order, as an f64 tensor of shape (n,)
// (NumPy's fromfile(path, sep=" ")): for ragged formats. A token that is not a number is an
// error naming the file's line.
Tensor read_numbers(const std::string& path);

}  // namespace fx::rt
