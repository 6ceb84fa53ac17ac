// Fusion of elementwise tensor chains, and of such a chain into the full sum (or mean) that
// consumes it
// (docs/opt.md "Fusion"; dF~ §5). Without it every elementwise operation on tensors makes a
// temporary tensor and runs its own pass over memory: `exp(x - m) * y` allocates three
// tensors, `sum(exp(x - m))` two. The pass outlines each such region into a nested kernel
// graph and replaces it with `fused(@kernel, inputs...)` (ops.def), which means the call of
// the kernel — so the interpreter, the derivative rules and every error are unchanged — and
// which native code runs as one loop writing one tensor, or none for a sum (codegen
// fused_loop.cpp).
//
// A region is a DAG with one root: a producer joins it when every one of its readers is a
// member, so nothing is computed twice and no temporary stays alive for another reader; a
// value read by several members is one scalar per element in the loop. One exception: the
// operand of a full sum that later nodes read too (log-sum-exp's gradient sums e = exp(x) and
// then scales it by 1/sum) joins the sum's region as a second result. The kernel returns
// (sum, operand), and native code computes, writes and sums the operand in one loop.
// Only f64 work is fused (f64 tensors, with f64 or i64 numbers as weak scalars): the loop's
// arithmetic is then the scalar C code the emitter already writes, bit for bit the runtime's.
// One selection joins too: `where(a > b, x, y)` (and <, <=, >=) whose comparison only the
// `where` reads and cannot fail (relu's derivative is `where(y > 0, ct, 0.0)`): the mask is one
// bool per element in the loop, never a tensor.
#include <algorithm>
#include <set>
#include <unordered_map>

#include "ir/elementwise.hpp"
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

bool f64_tensor(const Type* t) {
  return t && t->kind == TypeKind::Tensor && t->dtype && t->dtype->kind == TypeKind::F64;
}
bool weak_scalar(const Type* t) { return t && (t->kind == TypeKind::F64 || t->kind == TypeKind::I64); }

// An elementwise operation on f64 tensors (and numbers) giving an f64 tensor.
bool fusable(const Node* n) {
  Prim p;
  if (!n->prim_callee(&p) || !ir::elementwise_f64(p) || !n->keywords.empty() || !f64_tensor(n->type)) return false;
  for (size_t i = 0; i < n->num_args(); ++i)
    if (!f64_tensor(n->arg(i)->type) && !weak_scalar(n->arg(i)->type)) return false;
  return true;
}

bool full_reduction(const Node* n) { return n->is_prim_apply(Prim::Sum) || n->is_prim_apply(Prim::Mean); }

bool ordering(const Node* n) {
  return n->is_prim_apply(Prim::Lt) || n->is_prim_apply(Prim::Le) || n->is_prim_apply(Prim::Gt) ||
         n->is_prim_apply(Prim::Ge);
}

// f64 tensors and weak scalars only, as a fusable operation's operands.
bool f64_operands(const Node* n, size_t first) {
  for (size_t i = first; i < n->num_args(); ++i)
    if (!f64_tensor(n->arg(i)->type) && !weak_scalar(n->arg(i)->type)) return false;
  return true;
}

// sum(x, None, False) or mean(x, None, False) of an f64 tensor: the whole tensor to one f64.
bool full_sum(const Node* n) {
  if (!full_reduction(n) || n->num_args() != 3 || !n->keywords.empty() || !n->type || n->type->kind != TypeKind::F64 ||
      !f64_tensor(n->arg(0)->type))
    return false;
  const Node* axis = n->arg(1);
  const Node* keepdims = n->arg(2);
  if (!axis->is_constant() || !std::holds_alternative<ir::NoneVal>(axis->value)) return false;
  return keepdims->is_constant() && std::holds_alternative<bool>(keepdims->value) && !std::get<bool>(keepdims->value);
}

// ... of an elementwise operation of the same graph.
bool full_sum_of_fusable(const Node* n) {
  return full_sum(n) && n->arg(0)->is_apply() && n->arg(0)->graph == n->graph && fusable(n->arg(0));
}

// Does g apply a derivative operator (grad, jvp, ...)?
bool differentiates(const Graph* g) {
  for (const Node* n : g->body) {
    Prim p;
    if (n->prim_callee(&p) && ir::prim_info(p).family == ir::PrimFamily::AD_OPERATOR) return true;
  }
  return false;
}

bool differentiates(const ir::Module& m) {
  for (const Graph* g : typed_graphs(m))
    if (differentiates(g)) return true;
  return false;
}

class Fuser {
 public:
  Fuser(PassContext& ctx) : ctx_(ctx), uses_(count_uses(ctx.module)) {
    // The orderings that one `where` reads, as its condition, and nothing else.
    for (const Graph* g : typed_graphs(ctx.module))
      for (const Node* n : g->body)
        if (n->is_prim_apply(Prim::Where) && n->num_args() == 3 && ordering(n->arg(0)) && uses_[n->arg(0)] == 1)
          mask_reader_[n->arg(0)] = n;
    // The values nested graphs read from the graph that defines them (free variables). A
    // closure's env was laid out from them when derivatives were built (the expansion's closure
    // conversion), so the node must stay the one the env names: a region rooted there is not
    // outlined (a new node would stand for it, and the env would read one never assigned).
    for (const auto& h : ctx.module.graphs) {
      auto note = [&](const Node* x) {
        if (x && x->is_apply() && x->graph != h.get()) captured_.insert(x);
      };
      for (const Node* n : h->body)
        for (const Node* x : n->inputs) note(x);
      note(h->output);
    }
  }

  // A member of a region: an elementwise f64 operation, a `where` selecting between f64 values
  // by an ordering of f64 values that only it reads and that cannot fail, or that ordering.
  bool member(const Node* n) const {
    if (fusable(n)) return true;
    if (ordering(n)) {
      auto it = mask_reader_.find(n);
      return it != mask_reader_.end() && selection(it->second);
    }
    return selection(n);
  }
  bool selection(const Node* n) const {
    if (!n->is_prim_apply(Prim::Where) || n->num_args() != 3 || !n->keywords.empty() || !f64_tensor(n->type) ||
        !f64_operands(n, 1))
      return false;
    const Node* mask = n->arg(0);
    auto it = mask_reader_.find(mask);
    return mask->is_apply() && mask->graph == n->graph && ordering(mask) && mask->keywords.empty() &&
           it != mask_reader_.end() && it->second == n && f64_operands(mask, 0) && !may_fail(mask);
  }

  bool run() {
    // Kernels already made (the pipeline may run again over the module, and the inliner
    // copies kernels with the functions it inlines) are left as they are.
    std::set<const Graph*> kernels;
    for (const Graph* g : typed_graphs(ctx_.module))
      for (const Node* n : g->body)
        if (n->is_prim_apply(Prim::Fused) && n->num_args() >= 1 && n->arg(0)->holds_graph())
          kernels.insert(n->arg(0)->as_graph());
    bool changed = false;
    for (Graph* g : typed_graphs(ctx_.module))
      if (!kernels.count(g) && !differentiates(g)) changed |= fuse_in(g);
    return changed;
  }

 private:
  // Regions rooted from the last node up, so that a producer goes to its consumer's region.
  bool fuse_in(Graph* g) {
    std::unordered_map<const Node*, size_t> position;
    for (size_t i = 0; i < g->body.size(); ++i) position[g->body[i]] = i;
    std::set<const Node*> taken;
    std::vector<std::vector<Node*>> regions;
    std::vector<Node*> kept_of;  // per region: the sum's operand it returns too, or null
    for (auto it = g->body.rbegin(); it != g->body.rend(); ++it) {
      Node* root = *it;
      if (taken.count(root) || captured_.count(root) || (!fusable(root) && !selection(root) && !full_sum(root)))
        continue;
      std::vector<Node*> region{root};
      grow(root, g, region);
      Node* kept = region.size() == 1 ? kept_operand(root, g, position) : nullptr;
      if (kept) {
        region.push_back(kept);
        grow(kept, g, region);
      }
      keep_order(g, region, position);
      if (kept && std::find(region.begin(), region.end(), kept) == region.end()) continue;
      // A full sum alone is a region too: its loop in native code is the runtime's pairwise
      // summation written inline, without a call through the runtime's general path.
      if (region.size() < 2 && !full_sum(root)) continue;
      for (Node* n : region) taken.insert(n);
      std::sort(region.begin(), region.end(), [&](Node* a, Node* b) { return position[a] < position[b]; });
      regions.push_back(std::move(region));
      kept_of.push_back(kept);
    }
    for (size_t i = 0; i < regions.size(); ++i) outline(g, regions[i], kept_of[i]);
    return !regions.empty();
  }

  // The operand m of a full sum `root` that other nodes of g read too, all after the sum:
  // the sum's region takes it as its second result (the kernel returns (sum, m)), so that m is
  // computed, written and summed in one loop, and its readers read the tensor the loop wrote.
  // Not when a nested graph or g's result reads m (its node must stay), nor when some
  // reader comes before the sum (the kernel runs where the sum was).
  Node* kept_operand(Node* root, Graph* g, const std::unordered_map<const Node*, size_t>& position) const {
    if (!full_sum_of_fusable(root)) return nullptr;
    Node* m = root->arg(0);
    if (captured_.count(m) || g->output == m) return nullptr;
    size_t reads = 0;
    for (const Node* n : g->body)
      for (const Node* in : n->inputs)
        if (in == m) {
          if (n != root && position.at(n) < position.at(root)) return nullptr;
          ++reads;
        }
    auto it = uses_.find(m);
    return it != uses_.end() && it->second == reads && reads > 1 ? m : nullptr;
  }

  // Adds the producers whose every reader is in the region, until there is none: a value that
  // several members read (a[k] in a[k+1] = a[k] * a[k-1] and a[k+2] = a[k+1] - a[k]) joins
  // once the last of them has, and the kernel computes it once per element, a scalar its
  // readers share. The region is then a DAG with one root. A value read outside the region
  // (by another node, a nested graph or the graph's result) stays outside, computed once.
  void grow(Node* root, Graph* g, std::vector<Node*>& region) {
    std::unordered_map<const Node*, size_t> reads;  // p: operands of members that are p
    std::vector<Node*> todo{root};
    while (!todo.empty()) {
      Node* consumer = todo.back();
      todo.pop_back();
      for (size_t i = 0; i < consumer->num_args(); ++i) {
        Node* p = consumer->arg(i);
        if (!p->is_apply() || p->graph != g || !member(p) || g->output == p) continue;
        if (++reads[p] != uses_[p]) continue;  // some reader is not (yet) a member
        region.push_back(p);
        todo.push_back(p);
      }
    }
  }

  // The region runs where its root was, so its members move down past the nodes between
  // them and the root. That changes nothing for a member that cannot fail, nor past a node
  // that has no effect and cannot fail; otherwise errors and output could change order. So a
  // member that may fail and lies before the last such node leaves the region, with the
  // members that feed it (they lie before it too): it stays where it was, as an input.
  void keep_order(const Graph* g, std::vector<Node*>& region,
                  const std::unordered_map<const Node*, size_t>& position) const {
    const size_t root_at = position.at(region[0]);
    std::set<const Node*> members(region.begin(), region.end());
    size_t blocker = 0;
    bool blocked = false;
    for (const Node* n : region)
      for (size_t i = position.at(n) + 1; i < root_at; ++i)
        if (!members.count(g->body[i]) && !is_removable(g->body[i], false) && (!blocked || i > blocker)) {
          blocker = i;
          blocked = true;
        }
    if (!blocked) return;
    std::set<const Node*> out;
    std::vector<const Node*> todo;
    for (const Node* n : region)
      if (position.at(n) < blocker && may_fail(n)) todo.push_back(n);
    while (!todo.empty()) {
      const Node* n = todo.back();
      todo.pop_back();
      if (!out.insert(n).second) continue;
      for (const Node* in : n->inputs)
        if (members.count(in) && in != region[0]) todo.push_back(in);
    }
    std::erase_if(region, [&](Node* n) { return out.count(n) != 0; });
  }

  // Can this elementwise operation fail? Only on shapes that do not broadcast: never with one
  // tensor operand, nor with tensors of one type whose extents are all known (the type rule
  // checked them). A full sum or mean of an f64 tensor never fails.
  static bool may_fail(const Node* n) {
    if (full_reduction(n)) return false;
    const Type* shape = nullptr;
    for (size_t i = 0; i < n->num_args(); ++i) {
      const Type* t = n->arg(i)->type;
      if (t->kind != TypeKind::Tensor) continue;
      if (!shape) {
        shape = t;
        continue;
      }
      if (t != shape || t->rank < 0 || t->dims.size() != static_cast<size_t>(t->rank)) return true;
      for (int64_t d : t->dims)
        if (d < 0) return true;
    }
    return false;
  }

  // Moves the region (in body order, the root last) into a new kernel graph nested in g and
  // puts fused(@kernel, inputs...) in the root's place. With a kept operand (kept_operand) the
  // kernel returns (root, kept), and two tuple_gets of the fused node stand for them.
  void outline(Graph* g, const std::vector<Node*>& region, Node* kept) {
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
        Node* p = m.add_param(kernel, in->name.empty() ? "in" : in->name, in->loc);
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
    const Type* result = root->type;
    if (kept) {
      result = ctx_.store.tuple({root->type, kept->type});
      kernel->output = detached_apply(m, kernel, {m.prim(Prim::MakeTuple), inside[root], inside[kept]}, root->loc, result);
      kernel->body.push_back(kernel->output);
    }

    std::vector<Node*> operands{m.prim(Prim::Fused),
                                typed_constant(m, kernel, ctx_.store.closure(kernel, nullptr), root->loc)};
    operands.insert(operands.end(), inputs.begin(), inputs.end());
    Node* fused = detached_apply(m, g, std::move(operands), root->loc, result, kept ? "" : root->name);
    Replacements r;
    std::vector<Node*> placed{fused};
    if (kept) {
      for (Node* part : {root, kept}) {
        Node* index = typed_constant(m, static_cast<int64_t>(part == root ? 0 : 1), ctx_.store.i64(), root->loc);
        placed.push_back(detached_apply(m, g, {m.prim(Prim::TupleGet), fused, index}, part->loc, part->type, part->name));
        r.add(part, placed.back());
      }
    } else {
      r.add(root, fused);
    }
    auto at = std::find(g->body.begin(), g->body.end(), root);
    at = g->body.erase(at);
    g->body.insert(at, placed.begin(), placed.end());
    std::erase_if(g->body, [&](Node* n) { return members.count(n) != 0; });
    r.apply(m);
  }

  PassContext& ctx_;
  std::unordered_map<const Node*, size_t> uses_;
  std::unordered_map<const Node*, const Node*> mask_reader_;  // an ordering: the `where` reading it
  std::set<const Node*> captured_;
};

}  // namespace

// Derivatives are built from the code as the user wrote it, so a program that applies a
// derivative operator is fused only in the run over the expanded program, once every
// derivative is built — and only a whole program: the embedding API expands derivatives again
// for later calls, from the same clones. Under --check-nan the report names the primitive
// that made the nan, and a fused loop has no node per operation.
bool fuse_elementwise(PassContext& ctx) {
  if (ctx.options.check_nan) return false;
  const bool all_built = ctx.options.derivatives_expanded && ctx.options.whole_program;
  if (!all_built && differentiates(ctx.module)) return false;
  return Fuser(ctx).run();
}

}  // namespace fx::opt
