// The one loop nest behind every kernel: walks an index space over K strided operands and hands
// the kernel 1-D runs (pointer, byte stride, length) — NumPy's ufunc "inner loop" design. Axes of
// extent 1 are dropped and adjacent axes that are laid out contiguously for every operand are
// merged, so contiguous operands make a single long run that the compiler can vectorise.
#pragma once
#include <array>
#include <cstdint>

#include "fluxion/runtime/tensor.hpp"

namespace fx::rt::detail {

// Where an operand's element (0, ..., 0) is and its stride per axis, in bytes.
struct LoopOperand {
  char* base;
  int64_t strides[FX_MAX_RANK];
};

// The operand as laid out for an index space of its own shape.
LoopOperand operand(const Tensor& t);
// The operand read over the (broadcast-compatible) index space `out`: zero strides on the axes it
// is broadcast along, leading axes added as needed.
LoopOperand broadcast_operand(const Tensor& t, const Shape& out);

template <size_t K, class Run>
void for_each_run(const Shape& shape, const std::array<LoopOperand, K>& ops, Run&& run) {
  int64_t dims[FX_MAX_RANK];
  int64_t st[K][FX_MAX_RANK];
  int r = 0;
  for (int a = 0; a < shape.rank(); ++a) {
    if (shape[a] == 0) return;
    if (shape[a] == 1) continue;
    if (r > 0) {
      bool mergeable = true;
      for (size_t k = 0; k < K; ++k)
        if (st[k][r - 1] != ops[k].strides[a] * shape[a]) mergeable = false;
      if (mergeable) {
        dims[r - 1] *= shape[a];
        for (size_t k = 0; k < K; ++k) st[k][r - 1] = ops[k].strides[a];
        continue;
      }
    }
    dims[r] = shape[a];
    for (size_t k = 0; k < K; ++k) st[k][r] = ops[k].strides[a];
    ++r;
  }
  std::array<char*, K> ptrs;
  std::array<int64_t, K> inner;
  if (r == 0) {
    for (size_t k = 0; k < K; ++k) {
      ptrs[k] = ops[k].base;
      inner[k] = 0;
    }
    run(ptrs, inner, int64_t{1});
    return;
  }
  const int64_t n = dims[r - 1];
  for (size_t k = 0; k < K; ++k) inner[k] = st[k][r - 1];
  // Offsets rather than pointers: stepping a pointer back past its storage would be undefined.
  int64_t counter[FX_MAX_RANK] = {};
  int64_t offset[K] = {};
  for (;;) {
    for (size_t k = 0; k < K; ++k) ptrs[k] = ops[k].base + offset[k];
    run(ptrs, inner, n);
    int a = r - 2;
    for (; a >= 0; --a) {
      for (size_t k = 0; k < K; ++k) offset[k] += st[k][a];
      if (++counter[a] < dims[a]) break;
      for (size_t k = 0; k < K; ++k) offset[k] -= st[k][a] * dims[a];
      counter[a] = 0;
    }
    if (a < 0) return;
  }
}

// Element i of a run with byte stride s, typed.
template <class T> inline T& at(char* p, int64_t s, int64_t i) {
  return *reinterpret_cast<T*>(p + i * s);
}

}  // namespace fx::rt::detail
