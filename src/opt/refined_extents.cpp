// Extents the operands show. Derivative code is typed with tensor extents forgotten
// (expand/value_types.cpp: what reaches a generated graph is joined over its callers), and
// an inlined callee keeps the types its clone's signature gave its body. Once the operands'
// types know their extents (a gradient called from main with a (100, 100) matrix), the result
// of a primitive on them may know its own: this pass gives a tensor node the extents its
// primitive's type rule finds for its operands as they are typed now. The rewrites that read
// extents then see them: `len` of the result becomes a constant (extents), an unbroadcast to
// the shape its operand has goes (shaped-identities), and a product of two vectors of one
// known shape cannot fail, so that DCE may drop it (removable.cpp). LogReg's gradient is the
// example: `x @ w` with x of type (100, 100) is a vector of 100.
//
// Only tensor types change, and only to one that fits the old (its dtype and rank, knowing more
// extents): tensors have one C representation whatever their shape, and every user of the node
// accepts a type that fits (rewrite.hpp can_replace). A rule that rejects the operands leaves
// the node as it is: the program reports that error when it runs, as before.
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"
#include "types/generated_typing.hpp"

namespace fx::opt {

namespace {

using ir::Node;
using ir::Prim;
using types::Type;

// How many extents of tensor type t are known.
int known_extents(const Type* t) {
  int known = 0;
  for (int64_t i = 0; i < types::rank_of(t); ++i) known += types::extent(t, i) >= 0;
  return known;
}

// The type n's operands give it, or null. The tangent primitives follow their meaning: a zero
// has its operand's type, and a sum of two cotangents of one value that value's shape.
const Type* operands_type(types::PrimTyping& typing, Prim p, const Node* n) {
  std::vector<const Node*> args(n->inputs.begin() + 1, n->inputs.end());
  std::vector<const Type*> types;
  for (const Node* a : args) {
    if (!a->type) return nullptr;
    types.push_back(a->type);
  }
  if (p == Prim::ZerosLike) return types.size() == 1 ? types[0] : nullptr;
  if (p == Prim::AddTangent) {
    if (types.size() != 2) return nullptr;
    if (types::fits(types[0], types[1])) return types[0];
    return types::fits(types[1], types[0]) ? types[1] : nullptr;
  }
  if (ir::prim_info(p).family == ir::PrimFamily::AD_INTERNAL) return nullptr;
  return typing.result_with_extents(p, n, args, types);
}

}  // namespace

bool refine_extents(PassContext& ctx) {
  types::PrimTyping typing(ctx.store, ctx.checker.annotations());
  bool changed = false;
  for (ir::Graph* g : typed_graphs(ctx.module)) {
    for (Node* n : g->body) {
      Prim p;
      const Type* old = n->type;
      if (!old || !types::is_tensor(old) || types::rank_of(old) < 0 || !n->prim_callee(&p)) continue;
      if (known_extents(old) == types::rank_of(old)) continue;
      const Type* t = operands_type(typing, p, n);
      if (!t || t == old || !types::is_tensor(t) || types::rank_of(t) != types::rank_of(old) || !types::fits(t, old) ||
          known_extents(t) <= known_extents(old))
        continue;
      n->type = t;
      changed = true;
    }
  }
  return changed;
}

}  // namespace fx::opt
