// Type rules of the tensor primitives (ops.def "Tensors" and "Tensor adjoints") and of the
// scalar primitives applied to tensors (docs/tensors.md "Types"). PrimRules::infer decides
// which rule a primitive has; the rules are grouped by family:
//   tensor_elementwise_rules.cpp  arithmetic, math, comparisons, `not`, clip, where, matmul
//   tensor_construct_rules.cpp    zeros ... make_tensor, comprehensions, astype, random, files
//   tensor_shape_rules.cpp        index, set_index, .shape/.ndim/.T, len, reshape, concat, ...
//   tensor_reduce_rules.cpp       reductions, dot/outer/trace, neural-network ops, adjoints
// Known extents are computed where cheap; a known mismatch is a compile error at the
// operator; what is unknown is checked at run time. Bottom operands (and tensors whose
// dtype is not known yet) make the result Bottom, as in the scalar rules.
#pragma once
#include "types/prim_call.hpp"
#include "types/tensor_support.hpp"

namespace fx::types {

class TensorRules {
 public:
  explicit TensorRules(TypeStore& store) : store_(store) {}

  // Elementwise (at least one operand is a tensor, or an f32 meets another scalar type).
  const Type* binary(ir::Prim p, const PrimCall& call);
  const Type* unary(ir::Prim p, const PrimCall& call);
  const Type* clip(const PrimCall& call);
  const Type* where(const PrimCall& call);
  const Type* matmul(const PrimCall& call);

  // Construction.
  const Type* filled(ir::Prim p, const PrimCall& call);  // zeros, ones, full
  const Type* arange(const PrimCall& call);
  const Type* eye(const PrimCall& call);
  const Type* make_tensor(const PrimCall& call);
  const Type* rows_append(const PrimCall& call);
  const Type* astype(const PrimCall& call);
  const Type* random(ir::Prim p, const PrimCall& call);  // key, split, normal, uniform, dropout
  const Type* one_hot(const PrimCall& call);
  const Type* file(ir::Prim p, const PrimCall& call);    // load, save, read_bytes, read_idx

  // Shapes and indexing.
  const Type* index(const PrimCall& call);
  const Type* set_index(const PrimCall& call);
  const Type* attribute(const PrimCall& call, const std::string& name);  // x.shape, x.ndim, x.T
  const Type* len(const PrimCall& call);
  const Type* transpose(const PrimCall& call);
  const Type* reshape(const PrimCall& call);
  const Type* join_along(ir::Prim p, const PrimCall& call);  // concat, stack
  const Type* diag(const PrimCall& call);

  // Reductions, products, neural networks, adjoints.
  const Type* reduction(ir::Prim p, const PrimCall& call);
  const Type* product(ir::Prim p, const PrimCall& call);  // dot, outer, trace
  const Type* softmax(const PrimCall& call);
  const Type* conv2d(const PrimCall& call);
  const Type* max_pool2d(ir::Prim p, const PrimCall& call);  // max_pool2d, pool_sum
  const Type* adjoint(ir::Prim p, const PrimCall& call);

 private:
  // The result dtype of elementwise `p` on these operands (weak scalars applied).
  const Type* elementwise_dtype(ir::Prim p, const Type* a, const Type* b, SourceLoc loc);
  // Elementwise result of two operands, for clip and where.
  const Type* combine(ir::Prim p, const Type* a, const Type* b, SourceLoc loc);
  // The tensor at index 0 of a tuple operand (concat, stack): checks every element.
  std::vector<const Type*> tensor_tuple(const PrimCall& call, size_t i, const char* op);

  TypeStore& store_;
};

// Is p one of the scalar elementwise primitives that also take tensors?
bool is_elementwise(ir::Prim p);

}  // namespace fx::types
