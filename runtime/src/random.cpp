#include "fluxion/runtime/random.hpp"

#include <cmath>
#include <numbers>

#include "fluxion/runtime/memory.hpp"

namespace fx::rt {

namespace {

uint32_t rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

// Counter blocks are split into domains so that keys made by split never coincide with the
// blocks a sample draws from the same key: split uses counters (0, i), samples (2^31 | hi, lo).
constexpr uint32_t kSampleDomain = 0x80000000u;

// Random bits for sample block i (i < 2^63).
std::pair<uint32_t, uint32_t> sample_block(Key key, int64_t i) {
  uint64_t u = static_cast<uint64_t>(i);
  return threefry2x32(key, kSampleDomain | static_cast<uint32_t>(u >> 32),
                      static_cast<uint32_t>(u));
}

// A double in [0, 1) from 53 bits of block i.
double uniform_f64(Key key, int64_t i) {
  auto [x0, x1] = sample_block(key, i);
  uint64_t bits = (static_cast<uint64_t>(x0) << 32 | x1) >> 11;
  return static_cast<double>(bits) * 0x1.0p-53;
}

void check_float(const char* what, DType dtype) {
  if (!is_float(dtype))
    tensor_error(std::string(what) + ": dtype must be f64 or f32, got " + dtype_name(dtype));
}

}  // namespace

std::pair<uint32_t, uint32_t> threefry2x32(Key key, uint32_t c0, uint32_t c1) {
  static constexpr int kRotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  const uint32_t ks[3] = {key.hi, key.lo, 0x1BD11BDAu ^ key.hi ^ key.lo};
  uint32_t x0 = c0 + ks[0], x1 = c1 + ks[1];
  for (int round = 0; round < 20; ++round) {
    x0 += x1;
    x1 = rotl(x1, kRotations[round % 8]);
    x1 ^= x0;
    if (round % 4 == 3) {  // key injection after every four rounds
      uint32_t s = static_cast<uint32_t>(round / 4 + 1);
      x0 += ks[s % 3];
      x1 += ks[(s + 1) % 3] + s;
    }
  }
  return {x0, x1};
}

Key key(int64_t seed) {
  uint64_t u = static_cast<uint64_t>(seed);
  return {static_cast<uint32_t>(u >> 32), static_cast<uint32_t>(u)};
}

std::vector<Key> split(Key key, int64_t n) {
  if (n < 0 || n > UINT32_MAX)
    tensor_error("split: number of keys must be in [0, 2^32), got " + std::to_string(n));
  check_allocation(n * static_cast<int64_t>(sizeof(Key)), std::to_string(n) + " random keys");
  std::vector<Key> keys;
  keys.reserve(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    auto [a, b] = threefry2x32(key, 0, static_cast<uint32_t>(i));
    keys.push_back({a, b});
  }
  return keys;
}

std::pair<Key, Key> split(Key key) {
  std::vector<Key> keys = split(key, 2);
  return {keys[0], keys[1]};
}

Tensor uniform(Key key, const Shape& shape, DType dtype) {
  check_float("uniform", dtype);
  Tensor out = Tensor::empty(dtype, shape);
  const int64_t n = out.numel();
  if (dtype == DType::F64) {
    double* p = out.data<double>();
    for (int64_t i = 0; i < n; ++i) p[i] = uniform_f64(key, i);
  } else {
    float* p = out.data<float>();
    for (int64_t i = 0; i < n; ++i) {
      auto [x0, x1] = sample_block(key, i / 2);
      uint32_t word = i % 2 == 0 ? x0 : x1;
      p[i] = static_cast<float>(word >> 8) * 0x1.0p-24f;
    }
  }
  return out;
}

Tensor normal(Key key, const Shape& shape, DType dtype) {
  check_float("normal", dtype);
  Tensor out = Tensor::empty(dtype, shape);
  const int64_t n = out.numel();
  char* base = static_cast<char*>(out.raw_data());
  for (int64_t i = 0; i < n; ++i) {
    // Elements 2p and 2p+1 are the two outputs of one Box–Muller pair from blocks 2p, 2p+1.
    int64_t pair = i / 2;
    double u1 = 1.0 - uniform_f64(key, 2 * pair);  // in (0, 1]: log is finite
    double u2 = uniform_f64(key, 2 * pair + 1);
    double r = std::sqrt(-2.0 * std::log(u1));
    double theta = 2.0 * std::numbers::pi * u2;
    double z = i % 2 == 0 ? r * std::cos(theta) : r * std::sin(theta);
    Scalar(z).store(dtype, base + i * itemsize(dtype));
  }
  return out;
}

Tensor key_to_tensor(Key key) {
  Tensor t = Tensor::empty(DType::I64, Shape{2});
  t.data<int64_t>()[0] = key.hi;
  t.data<int64_t>()[1] = key.lo;
  return t;
}

Key key_from_tensor(const Tensor& t) {
  if (t.dtype() != DType::I64 || !(t.shape() == Shape{2}))
    tensor_error("expected a random key (an i64 tensor of shape (2,)), got a " +
                 std::string(dtype_name(t.dtype())) + " tensor of shape " + to_string(t.shape()));
  Scalar hi = Scalar::load(DType::I64, t.raw_data());
  Scalar lo = Scalar::load(DType::I64, static_cast<char*>(t.raw_data()) + t.strides()[0] * 8);
  auto word = [](int64_t v) {
    if (v < 0 || v > UINT32_MAX) tensor_error("a random key word must be in [0, 2^32), got " +
                                              std::to_string(v));
    return static_cast<uint32_t>(v);
  };
  return {word(hi.to_i64()), word(lo.to_i64())};
}

}  // namespace fx::rt
