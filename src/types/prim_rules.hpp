// Type rules of the primitives in ir/ops.def (one exhaustive switch in prim_rules.cpp).
// Rules see argument types and, for a direct application, the argument nodes (to read
// constant operands such as tuple indices, field names and argnums). Primitives that call
// function values (`if`, `while`, and `jvp`, `vjp`, `grad_hook`) are delegated to the
// inferrer; the derivative operators that make function values (grad(f), ...) are typed
// here (derivative_rules.cpp) and called by the inferrer (derivative_calls.cpp).
#pragma once
#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "types/annotation.hpp"
#include "types/prim_call.hpp"
#include "types/tensor_rules.hpp"
#include "types/type.hpp"

namespace fx::types {

class ControlFlowRules {
 public:
  virtual const Type* infer_if(const PrimCall& call) = 0;
  virtual const Type* infer_while(const PrimCall& call) = 0;
  // jvp, vjp and grad_hook, which call the function values they are given.
  virtual const Type* infer_derivative_call(ir::Prim p, const PrimCall& call) = 0;
  // tree_map, which calls its function on every leaf (tree_map.cpp).
  virtual const Type* infer_tree_map(const PrimCall& call) = 0;

 protected:
  ~ControlFlowRules() = default;
};

class PrimRules {
 public:
  // arg(i, default): default's type, which must be str, i64, f64 or bool.
  const Type* program_arg(const PrimCall& call);
  PrimRules(TypeStore& store, Annotations& annotations, ControlFlowRules& control)
      : store_(store), annotations_(annotations), control_(control), tensors_(store) {}

  // The result type of primitive p applied as described by `call`; CompileError on misuse.
  const Type* infer(ir::Prim p, const PrimCall& call);

  // Struct / variant construction with fields in declaration order (make_struct,
  // make_variant, and a constructor called as a function). A field of the wrong type is
  // reported at field_locs[i] when given, else at `loc`.
  const Type* construct_struct(const ir::StructDecl* decl, const std::vector<const Type*>& fields,
                               SourceLoc loc, const std::vector<SourceLoc>& field_locs);
  const Type* construct_variant(const ir::VariantDecl* variant, const std::vector<const Type*>& fields,
                                SourceLoc loc, const std::vector<SourceLoc>& field_locs);

 private:
  const Type* arithmetic(ir::Prim p, const PrimCall& call);
  const Type* promote(const Type* a, const Type* b, SourceLoc loc);
  const Type* number_operand(const Type* t, SourceLoc loc);
  const Type* math(ir::Prim p, const PrimCall& call, bool keeps_type);
  const Type* compare(ir::Prim p, const PrimCall& call);
  const Type* equality(ir::Prim p, const PrimCall& call);
  const Type* convert(ir::Prim p, const PrimCall& call);
  const Type* tuple_get(const PrimCall& call);
  const Type* make_struct(const PrimCall& call);
  const Type* field_access(ir::Prim p, const PrimCall& call);
  const Type* make_variant(const PrimCall& call);
  const Type* variant_tag(const PrimCall& call);
  const Type* variant_field(const PrimCall& call);
  const Type* effect(ir::Prim p, const PrimCall& call);
  // derivative_rules.cpp: grad(f, argnums), checkpoint(f), custom_vjp(f, fwd, bwd), ...
  const Type* derivative_operator(ir::Prim p, const PrimCall& call);
  Argnums read_argnums(ir::Prim p, const PrimCall& call);

  // Constant operand i of a direct application, or CompileError when there is none.
  const ir::Node* constant_operand(ir::Prim p, const PrimCall& call, size_t i);

  TypeStore& store_;
  Annotations& annotations_;
  ControlFlowRules& control_;
  TensorRules tensors_;  // tensor_*_rules.cpp
};

}  // namespace fx::types
