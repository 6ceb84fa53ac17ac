// Common-subexpression elimination: a pure primitive applied again to the same operands in the
// same graph gives the same value, so the later node is replaced by the earlier one. After
// inlining, the same projection or product is often computed twice (a gradient reads x*y
// where the primal already made it). Failing primitives qualify too: if the first
// evaluation succeeded the second would have, and if it failed the second never runs.
// Within one graph only: a node of an enclosing graph may not be evaluated yet when a nested
// graph runs (body order), so reusing it there would need a dominance argument.
#include <cstring>
#include <map>

#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

// Constants are compared by value and type (each use may be its own constant node). A
// primitive or graph constant is keyed by what it names alone: the type of such a callee is
// only its signature, which the type checker sets on the user's clones and the expansion
// leaves unset on the derivative code it generates, so the same `mul` would otherwise give
// two keys and a product the forward pass made would be made again by the inlined pullback.
std::string constant_key(const ir::Node* c) {
  if (auto* p = std::get_if<ir::Prim>(&c->value)) return "p" + std::to_string(static_cast<int>(*p));
  if (auto* g = std::get_if<ir::Graph*>(&c->value)) return "g" + std::to_string(reinterpret_cast<uintptr_t>(*g));
  std::string key = std::to_string(c->value.index()) + ":" + std::to_string(reinterpret_cast<uintptr_t>(c->type)) + ":";
  if (auto* d = std::get_if<double>(&c->value)) {
    uint64_t bits;
    std::memcpy(&bits, d, sizeof bits);  // exact: 0.0 and -0.0 differ, every nan is itself
    return key + std::to_string(bits);
  }
  return key + ir::print_const(c->value);
}

std::string node_key(const ir::Node* n) {
  std::string key;
  for (const ir::Node* in : n->inputs) {
    key += in->is_constant() ? "c" + constant_key(in) : "n" + std::to_string(in->id);
    key += ",";
  }
  for (const std::string& k : n->keywords) key += "k" + k + ",";
  return key;
}

bool candidate(const ir::Node* n) {
  ir::Prim p;
  if (!n->prim_callee(&p) || ir::prim_info(p).flag != ir::PrimFlag::PURE) return false;
  // Two grad_hook(x, h) are two hooks: reverse mode calls h once for each. The derivative
  // operators are kept apart likewise (they are cheap: they only build function values).
  if (ir::prim_info(p).family == ir::PrimFamily::AD_OPERATOR) return false;
  // A fresh list or tensor accumulator is a value like any other, but the constructors of
  // mutable-looking values are cheap: keep them apart so that in-place updates stay in place.
  return p != ir::Prim::RowsEmpty && p != ir::Prim::ListEmpty && n->type;
}

}  // namespace

bool eliminate_common_subexpressions(PassContext& ctx) {
  Replacements r;
  for (ir::Graph* g : typed_graphs(ctx.module)) {
    std::map<std::string, ir::Node*> seen;
    for (ir::Node* n : g->body) {
      r.refresh(n);
      if (!candidate(n)) continue;
      auto [it, fresh] = seen.emplace(node_key(n), n);
      if (!fresh && can_replace(n, it->second)) r.add(n, it->second);
    }
  }
  return r.apply(ctx.module);
}

}  // namespace fx::opt
