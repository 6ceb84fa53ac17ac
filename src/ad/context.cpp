#include "ad/context.hpp"

#include "ad/forward.hpp"
#include "ad/registry.hpp"
#include "ad/reverse.hpp"
#include "ad/typeinfo.hpp"

namespace fx::ad {

Context::Context(ir::Module& m) : m_(m), rules_(std::make_unique<Registry>()) { register_all_rules(*rules_); }

Context::~Context() = default;

ir::Graph* Context::new_graph(const std::string& name, ir::GraphRole role, SourceLoc loc) {
  ir::Graph* g = m_.new_graph(name, nullptr, loc, role);
  generated_[g] = true;
  return g;
}

int Context::tuple_arity(const ir::Node* n) const {
  if (n->is_prim_apply(ir::Prim::MakeTuple)) return static_cast<int>(n->num_args());
  auto it = arity_.find(n);
  if (it != arity_.end()) return it->second;
  return typed_tuple_arity(n);
}

void Context::note_arity(const ir::Node* n, int arity) {
  if (arity >= 0) arity_[n] = arity;
}

// The transformed graph is created and cached before its body is built: a graph that
// reaches itself (through a helper or a template) then finds it instead of looping.
ir::Graph* Context::forward(ir::Graph* closed) {
  auto it = forward_.find(closed);
  if (it != forward_.end()) return it->second;
  ir::Graph* t = new_graph(transformed_name(closed->name, "T"), closed->role, closed->loc);
  forward_[closed] = t;
  build_forward(*this, closed, t);
  return t;
}

ir::Graph* Context::reverse(ir::Graph* closed) {
  auto it = reverse_.find(closed);
  if (it != reverse_.end()) return it->second;
  ir::Graph* j = new_graph(transformed_name(closed->name, "J"), closed->role, closed->loc);
  reverse_[closed] = j;
  build_reverse(*this, closed, j);
  return j;
}

std::string transformed_name(const std::string& name, const std::string& mark) {
  // Marks go in brackets after the name, so that messages still show the user's name
  // (function_display_name stops at the first '[').
  return name + "[" + mark + "]";
}

}  // namespace fx::ad
