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

const std::vector<const types::Type*>* Context::element_types(const ir::Node* n) const {
  auto it = element_types_.find(n);
  return it == element_types_.end() ? nullptr : &it->second;
}

void Context::note_element_types(const ir::Node* n, std::vector<const types::Type*> types) {
  element_types_[n] = std::move(types);
}

const ir::Node* Context::cotangent_of(const ir::Node* n) const {
  auto it = cotangent_of_.find(n);
  return it == cotangent_of_.end() ? nullptr : it->second;
}

void Context::note_cotangent_of(const ir::Node* n, const ir::Node* primal) {
  if (primal) cotangent_of_[n] = primal;
}

void Context::copy_notes(const ir::Node* from, const ir::Node* to) {
  note_arity(to, tuple_arity(from));
  if (const auto* types = element_types(from)) element_types_[to] = *types;
  note_cotangent_of(to, cotangent_of(from));
}

// The transformed graph is created and cached before its body is built: a graph that
// reaches itself (through a helper or a template) then finds it instead of looping.
namespace context_impl {

namespace {

// May an unused application of pure primitive p go? When a rule built it (it follows its
// primal), or when it is the structure the transforms build around the code (closures, tuples,
// transformed function values, zeros), which cannot fail. A copy of the user's own operation
// stays: it may fail (a shape error), and the program reports that where it did; the
// optimiser drops those it can show to be total (opt/removable.hpp).
bool prunable(const ir::Node* n, ir::Prim p) {
  if (n->follows_primal) return true;
  switch (p) {
    case ir::Prim::MakeClosure: case ir::Prim::ClosureEnv: case ir::Prim::MakeTuple: case ir::Prim::TupleGet:
    case ir::Prim::Jfn: case ir::Prim::Tfn: case ir::Prim::ListEmpty: case ir::Prim::ZerosLike: return true;
    default: return false;
  }
}

}  // namespace

// Removes the applications of pure primitives whose results nothing uses and that may go
// (prunable: a transform emits some for every node, e.g. the primal closures of branches
// that run transformed), and renumbers the frame slots of g.
void prune_dead(ir::Graph* g) {
  std::unordered_map<const ir::Node*, bool> used;
  used[g->output] = true;
  std::vector<ir::Node*> kept;
  for (auto it = g->body.rbegin(); it != g->body.rend(); ++it) {
    ir::Node* n = *it;
    ir::Prim p;
    bool pure = n->prim_callee(&p) && ir::prim_info(p).flag == ir::PrimFlag::PURE;
    if (pure && !used.count(n) && prunable(n, p)) continue;
    kept.push_back(n);
    for (const ir::Node* x : n->inputs) used[x] = true;
  }
  g->body.assign(kept.rbegin(), kept.rend());
  uint32_t slot = 0;
  for (ir::Node* p : g->params) p->slot = slot++;
  for (ir::Node* b : g->body) b->slot = slot++;
}

// A transform that fails (a primitive without rules, a keyword call) leaves no broken graph
// behind: the partial result is closed off and forgotten, so a later attempt reports again.
template <class Build>
ir::Graph* build_cached(Context& cx, std::unordered_map<const ir::Graph*, ir::Graph*>& cache, ir::Graph* closed,
                        const char* mark, Build build) {
  auto it = cache.find(closed);
  if (it != cache.end()) return it->second;
  ir::Graph* g = cx.new_graph(transformed_name(closed->name, mark), closed->role, closed->loc);
  cache[closed] = g;
  try {
    build(cx, closed, g);
    prune_dead(g);
  } catch (...) {
    cache.erase(closed);
    for (const auto& other : cx.module().graphs)
      if (cx.is_generated(other.get()) && !other->output) other->output = cx.module().constant(ir::Undef{});
    throw;
  }
  return g;
}

}  // namespace context_impl

ir::Graph* Context::forward(ir::Graph* closed) {
  return context_impl::build_cached(*this, forward_, closed, "T", build_forward);
}

ir::Graph* Context::reverse(ir::Graph* closed) {
  return context_impl::build_cached(*this, reverse_, closed, "J", build_reverse);
}

std::string transformed_name(const std::string& name, const std::string& mark) {
  // Marks go in brackets after the name, so that messages still show the user's name
  // (function_display_name stops at the first '[').
  return name + "[" + mark + "]";
}

}  // namespace fx::ad
