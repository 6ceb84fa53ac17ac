// The operands of one node that are handed over to its primitive (handovers.hpp), by position.
// Any number of positions: a make_tuple has as many operands as its tuple has elements, and
// after inlining a pullback's env is one make_tuple of every value the backward pass reads
// (bundle adjustment's has 65). A fixed 64-bit mask read with `mask >> i & 1` is undefined
// from i = 64 on, and x86 reads it as bit i mod 64: element 64 was then taken as handed over
// when element 0 was, counted once too few, and the program ended with a reference counted
// below zero (docs/codegen.md "Ownership").
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "support/diagnostics.hpp"

namespace fx::codegen {

class OperandSet {
 public:
  void insert(size_t i) {
    if (i >= taken_.size()) taken_.resize(i + 1, false);
    taken_[i] = true;
  }
  bool contains(size_t i) const { return i < taken_.size() && taken_[i]; }
  bool empty() const {
    for (bool t : taken_)
      if (t) return false;
    return true;
  }
  // The same operands `n` positions further on (a constructor called as a value is emitted
  // with its declaration put before its own operands).
  OperandSet shifted(size_t n) const {
    OperandSet out;
    for (size_t i = 0; i < taken_.size(); ++i)
      if (taken_[i]) out.insert(i + n);
    return out;
  }
  // As the `consumed` mask of the runtime's fx_rt_apply (bit i: operand i), whose C ABI has
  // 64 bits: a primitive the runtime evaluates is handed one of its first few operands
  // (set_index's, add_tangent's first, matmul_vjp_*_add's third), so a position past the mask is a bug of the compiler, reported rather than dropped (the
  // runtime would then borrow what the emitter no longer releases).
  uint64_t runtime_mask() const {
    uint64_t mask = 0;
    for (size_t i = 0; i < taken_.size(); ++i) {
      if (!taken_[i]) continue;
      if (i >= 64) internal_error("C emitter", "operand " + std::to_string(i) + " handed over to fx_rt_apply, whose mask has 64 bits");
      mask |= uint64_t{1} << i;
    }
    return mask;
  }

 private:
  std::vector<bool> taken_;
};

}  // namespace fx::codegen
