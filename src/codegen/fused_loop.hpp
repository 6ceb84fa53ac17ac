// C emission of fused(@kernel, inputs...) (ops.def; the kernels of src/opt/fuse_elementwise.cpp):
// one plain C loop over the elements, each element's chain written inline with the scalar
// emissions of prims_scalar.cpp (a `where`'s mask is a bool, the selection `c ? x : y`), into
// one new tensor, or for a kernel ending in a full sum (or
// mean) into a pairwise accumulator (the runtime's summation order: the same bits, no tensor at all).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "codegen/c_types.hpp"
#include "ir/ir.hpp"
#include "types/type.hpp"

namespace fx::codegen {

struct FusedLoop {
  const ir::Node* node;                 // fused(@kernel, inputs...)
  const ir::Graph* kernel;
  std::vector<std::string> inputs;      // C expressions of the operands after the kernel
  std::string result;                   // the local the result goes to (declared by the caller)
  std::string fallback;                 // statements that call the kernel's C function into `result`
  CTypes& types;
  types::TypeStore& store;
  std::function<std::string(const ir::Node*)> constant;  // C text of a constant node
  std::function<std::string(const ir::Node*)> loc_id;    // location id of a node, as C text
  bool check_nan = false;
};

// Statements that set f.result: the loop when every tensor input is an f64 tensor laid out
// as the first one (same shape, contiguous, rank >= 1) or, typed with a lower rank, as its
// last axes (broadcast over the leading ones); the fallback otherwise (other broadcasting,
// views: the kernel's function, by the runtime, with the unfused errors).
std::string fused_loop(const FusedLoop& f);

}  // namespace fx::codegen
