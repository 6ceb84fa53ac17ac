// Fusion of elementwise tensor chains, and of such a chain into the full sum that consumes it
// (docs/opt.md "Fusion"; dF~ §5). Without it every elementwise operation on tensors makes a
// temporary tensor and runs its own pass over memory: `exp(x - m) * y` allocates three
// tensors, `sum(exp(x - m))` two. The pass outlines each such region into a nested kernel
// graph and replaces it with `fused(@kernel, inputs...)` (ops.def), which means the call of
// the kernel — so the interpreter, the derivative rules and every error are unchanged — and
// which native code runs as one loop writing one tensor, or none for a sum (codegen
// fused_loop.cpp).
//
// A region is a tree: a producer joins its consumer's region only when that consumer is its
// only reader, so nothing is computed twice and no temporary stays alive for another reader.
// Only f64 work is fused (f64 tensors, with f64 or i64 numbers as weak scalars): the loop's
// arithmetic is then the scalar C code the emitter already writes, bit for bit the runtime's.
#include <algorithm>
#include <set>
#include <unordered_map>

#include "opt/pass.hpp"
#include "opt/removable.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Graph;
using ir::Node;
using ir::Prim;
using types::Type;
using types::TypeKind;

// The primitives whose f64 form is one C expression per element (prims_scalar.cpp), the same
// arithmetic as the runtime's kernels.
bool elementwise_f64(Prim p) {
  switch (p) {
    case Prim::Add: case Prim::Sub: case Prim::Mul: case Prim::Div: case Prim::Pow: case Prim::Neg:
    case Prim::Exp: case Prim::Log: case Prim::Log1p: case Prim::Expm1: case Prim::Sin: case Prim::Cos:
    case Prim::Tan: case Prim::Tanh: case Prim::Sqrt: case Prim::Sigmoid: case Prim::Softplus:
    case Prim::Abs: case Prim::Relu: case Prim::Maximum: case Prim::Minimum: return true;
    default: return false;
  }
}

bool f64_tensor(const Type* t) {
  return t && t->kind == TypeKind::Tensor && t->dtype && t->dtype->kind == TypeKind::F64;
}
bool weak_scalar(const Type* t) { return t && (t->kind == TypeKind::F64 || t->kind == TypeKind::I64); }

// An elementwise operation on f64 tensors (and numbers) giving an f64 tensor.
bool fusable(const Node* n) {
  Prim p;
  if (!n->prim_callee(&p) || !elementwise_f64(p) || !n->keywords.empty() || !f64_tensor(n->type)) return false;
  for (size_t i = 0; i < n->num_args(); ++i)
    if (!f64_tensor(n->arg(i)->type) && !weak_scalar(n->arg(i)->type)) return false;
  return true;
}

// sum(x, None, False) of such an operation: the whole tensor to one f64.
bool full_sum_of_fusable(const Node* n) {
  if (!n->is_prim_apply(Prim::Sum) || n->num_args() != 3 || !n->type || n->type->kind != TypeKind::F64) return false;
  const Node* axis = n->arg(1);
  const Node* keepdims = n->arg(2);
  if (!axis->is_constant() || !std::holds_alternative<ir::NoneVal>(axis->value)) return false;
  if (!keepdims->is_constant() || !std::holds_alternative<bool>(keepdims->value) || std::get<bool>(keepdims->value))
    return false;
  return n->arg(0)->is_apply() && n->arg(0)->graph == n->graph && fusable(n->arg(0));
}

// Does any typed clone apply a derivative operator? Such programs are not fused (docs/opt.md
// says why: they run in the interpreter, where a kernel is only an extra call).
bool differentiates(const ir::Module& m) {
  for (const Graph* g : typed_graphs(m))
    for (const Node* n : g->body) {
      Prim p;
      if (n->prim_callee(&p) && ir::prim_info(p).family == ir::PrimFamily::AD_OPERATOR) return true;
    }
  return false;
}

class Fuser {
 public:
  Fuser(PassContext& ctx) : ctx_(ctx), uses_(count_uses(ctx.module)) {}

  bool run() {
    bool changed = false;
    for (Graph* g : typed_graphs(ctx_.module)) {
      if (g->role == ir::GraphRole::Branch && g->origin == g) continue;  // a kernel made here
      changed |= fuse_in(g);
    }
    return changed;
  }

 private:
  // Regions rooted from the last node up, so that a producer goes to its consumer's region.
  bool fuse_in(Graph* g) {
    std::unordered_map<const Node*, size_t> position;
    for (size_t i = 0; i < g->body.size(); ++i) position[g->body[i]] = i;
    std::set<const Node*> taken;
    std::vector<std::vector<Node*>> regions;
    for (auto it = g->body.rbegin(); it != g->body.rend(); ++it) {
      Node* root = *it;
      if (taken.count(root) || (!fusable(root) && !full_sum_of_fusable(root))) continue;
      std::vector<Node*> region{root};
      grow(root, g, region);
      if (region.size() < 2 || !keeps_order(g, region, position)) continue;
      for (Node* n : region) taken.insert(n);
      std::sort(region.begin(), region.end(), [&](Node* a, Node* b) { return position[a] < position[b]; });
      regions.push_back(std::move(region));
    }
    for (auto& region : regions) outline(g, region);
    return !regions.empty();
  }

  // Adds the producers that only `consumer` reads.
  void grow(Node* consumer, Graph* g, std::vector<Node*>& region) {
    for (size_t i = 0; i < consumer->num_args(); ++i) {
      Node* p = consumer->arg(i);
      if (!p->is_apply() || p->graph != g || !fusable(p) || g->output == p) continue;
      if (std::find(region.begin(), region.end(), p) != region.end()) continue;
      size_t here = static_cast<size_t>(std::count(consumer->inputs.begin(), consumer->inputs.end(), p));
      if (uses_[p] != here) continue;
      region.push_back(p);
      grow(p, g, region);
    }
  }

  // The region runs where its root was: every node between its first member and the root must
  // be one whose place does not matter (no effect, cannot fail), so that errors and output
  // keep their order.
  bool keeps_order(const Graph* g, const std::vector<Node*>& region,
                   const std::unordered_map<const Node*, size_t>& position) const {
    size_t first = position.at(region[0]);
    for (const Node* n : region) first = std::min(first, position.at(n));
    std::set<const Node*> members(region.begin(), region.end());
    for (size_t i = first; i < position.at(region[0]); ++i)
      if (!members.count(g->body[i]) && !is_removable(g->body[i], false)) return false;
    return true;
  }

  // Moves the region (in body order, the root last) into a new kernel graph nested in g and
  // puts fused(@kernel, inputs...) in the root's place.
  void outline(Graph* g, const std::vector<Node*>& region) {
    ir::Module& m = ctx_.module;
    Node* root = region.back();
    Graph* kernel = m.new_graph("fused", g, root->loc, ir::GraphRole::Branch);
    kernel->origin = kernel;  // a typed graph of its own: no generic graph it was cloned from
    std::set<const Node*> members(region.begin(), region.end());
    std::unordered_map<const Node*, Node*> inside;
    std::vector<Node*> inputs;
    for (Node* n : region)
      for (size_t i = 1; i < n->inputs.size(); ++i) {
        Node* in = n->inputs[i];
        if (members.count(in) || in->is_constant() || inside.count(in)) continue;
        Node* p = m.add_param(kernel, in->name.empty() ? "x" : in->name, in->loc);
        p->type = in->type;
        inside[in] = p;
        inputs.push_back(in);
      }
    for (Node* n : region) {
      std::vector<Node*> ins;
      for (Node* in : n->inputs) ins.push_back(inside.count(in) ? inside[in] : in);
      Node* copy = detached_apply(m, kernel, std::move(ins), n->loc, n->type, n->name);
      kernel->body.push_back(copy);
      inside[n] = copy;
    }
    kernel->output = inside[root];

    std::vector<Node*> operands{m.prim(Prim::Fused),
                                typed_constant(m, kernel, ctx_.store.closure(kernel, nullptr), root->loc)};
    operands.insert(operands.end(), inputs.begin(), inputs.end());
    Node* fused = detached_apply(m, g, std::move(operands), root->loc, root->type, root->name);
    std::replace(g->body.begin(), g->body.end(), root, fused);
    std::erase_if(g->body, [&](Node* n) { return members.count(n) != 0; });
    Replacements r;
    r.add(root, fused);
    r.apply(m);
  }

  PassContext& ctx_;
  std::unordered_map<const Node*, size_t> uses_;
};

}  // namespace

bool fuse_elementwise(PassContext& ctx) {
  if (ctx.options.check_nan || differentiates(ctx.module)) return false;
  return Fuser(ctx).run();
}

}  // namespace fx::opt
