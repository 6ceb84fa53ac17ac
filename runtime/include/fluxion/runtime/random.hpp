// Explicit, reproducible random numbers in the style of JAX: a key is a value; the same key gives
// the same numbers on every machine; split derives independent keys. The generator is the
// counter-based Threefry-2x32 (20 rounds, Salmon et al., SC'11), so element i of a sample depends
// only on the key and i — not on the order of evaluation or the number of threads.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "fluxion/runtime/tensor.hpp"

namespace fx::rt {

struct Key {
  uint32_t hi = 0, lo = 0;
  bool operator==(const Key&) const = default;
};

// Threefry-2x32-20 of one counter block: the primitive everything else is built on.
std::pair<uint32_t, uint32_t> threefry2x32(Key key, uint32_t c0, uint32_t c1);

Key key(int64_t seed);               // {seed >> 32, seed & 0xffffffff}, as jax.random.PRNGKey
std::pair<Key, Key> split(Key key);  // = the first two keys of split(key, 2)
std::vector<Key> split(Key key, int64_t n);

// Samples of `shape`, f64 or f32. uniform: in [0, 1) (53 random bits for f64, 24 for f32).
// normal: standard normal, by the Box–Muller transform.
Tensor uniform(Key key, const Shape& shape, DType dtype = DType::F64);
Tensor normal(Key key, const Shape& shape, DType dtype = DType::F64);

// A key as the language sees it when it must be stored in a tensor: i64 [hi, lo], and back.
Tensor key_to_tensor(Key key);
Key key_from_tensor(const Tensor& t);

}  // namespace fx::rt
