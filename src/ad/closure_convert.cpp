#include "ad/closure_convert.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "ad/emit.hpp"
#include "ad/forward.hpp"
#include "support/diagnostics.hpp"
#include "types/type.hpp"
#include "ir/code_operands.hpp"

namespace fx::ad {

using ir::Graph;
using ir::Node;

namespace cc_impl {

struct ById {
  bool operator()(const Node* a, const Node* b) const { return a->id < b->id; }
};
using NodeSet = std::set<const Node*, ById>;

// How many of n's inputs are values: closure_at's clones and closure_is's code are code
// references, not closures built here.
size_t used_inputs(const Node* n) { return ir::value_inputs(n); }

// Free variables by fixpoint over the graphs a graph refers to by constant: mutual recursion
// of nested defs makes the sets depend on each other. Results are kept: every set computed
// for one root is final (the graphs involved are closed under "refers to").
class FreeVariables {
 public:
  explicit FreeVariables(const ir::Module& m) {
    std::map<std::pair<const Graph*, const Graph*>, std::vector<const Graph*>> clones;  // (origin, parent)
    for (const auto& g : m.graphs) {
      if (g->parent) children_[g->parent].push_back(g.get());
      if (g->parent && g->origin) clones[{g->origin, g->parent}].push_back(g.get());
      // The two branches of an `if` get the same env (the union of their free variables):
      // whichever runs, its env cotangent then belongs to the same nodes (rules/control.cpp).
      for (const Node* n : g->body) {
        if (!n->is_prim_apply(ir::Prim::If) || n->num_args() != 3) continue;
        const Node* a = n->arg(1);
        const Node* b = n->arg(2);
        if (!a->holds_graph() || !b->holds_graph() || !a->as_graph()->parent || !b->as_graph()->parent) continue;
        siblings_[a->as_graph()].push_back(b->as_graph());
        siblings_[b->as_graph()].push_back(a->as_graph());
      }
    }
    // Clones of one closure for different signatures get the same env too: closure_at
    // switches a closure between them and keeps its env (interp/ad_runtime.cpp).
    for (const auto& [key, group] : clones)
      for (const Graph* a : group)
        for (const Graph* b : group)
          if (a != b) siblings_[a].push_back(b);
  }

  const NodeSet& of(const Graph* root) {
    auto done = result_.find(root);
    if (done != result_.end()) return done->second;
    std::vector<const Graph*> pending{root};
    std::unordered_set<const Graph*> seen{root};
    std::unordered_map<const Graph*, NodeSet> fv;
    std::unordered_map<const Graph*, std::vector<const Graph*>> refs;
    while (!pending.empty()) {
      const Graph* s = pending.back();
      pending.pop_back();
      NodeSet& direct = fv[s];
      std::vector<const Graph*>& r = refs[s];
      auto use = [&](const Node* x) {
        if (!x) return;
        if (x->holds_graph()) {
          const Graph* k = x->as_graph();
          if (k->parent && !k->nested_in(s)) {
            r.push_back(k);
            if (seen.insert(k).second) pending.push_back(k);
          }
          return;
        }
        if (!x->is_constant() && x->graph && !x->graph->nested_in(s)) direct.insert(x);
      };
      for (const Graph* inner : subtree(s)) {
        for (const Node* n : inner->body)
          for (size_t i = 0; i < used_inputs(n); ++i) use(n->inputs[i]);
        use(inner->output);
      }
      auto sib = siblings_.find(s);
      if (sib != siblings_.end())
        for (const Graph* k : sib->second)
          if (!k->nested_in(s)) {
            r.push_back(k);
            if (seen.insert(k).second) pending.push_back(k);
          }
    }
    for (bool changed = true; changed;) {
      changed = false;
      for (auto& [s, set] : fv)
        for (const Graph* k : refs[s])
          for (const Node* x : fv[k])
            if (!x->graph->nested_in(s) && set.insert(x).second) changed = true;
    }
    for (auto& [s, set] : fv) result_.emplace(s, std::move(set));
    return result_.at(root);
  }

 private:
  std::vector<const Graph*> subtree(const Graph* s) {
    std::vector<const Graph*> out{s};
    for (size_t i = 0; i < out.size(); ++i) {
      auto it = children_.find(out[i]);
      if (it != children_.end()) out.insert(out.end(), it->second.begin(), it->second.end());
    }
    return out;
  }

  std::unordered_map<const Graph*, std::vector<const Graph*>> children_;
  std::unordered_map<const Graph*, std::vector<const Graph*>> siblings_;
  std::unordered_map<const Graph*, NodeSet> result_;
};

// The graph a callee node is known to call, for putting keyword arguments in order.
const Graph* known_callee(const Node* c) {
  if (c->holds_graph()) return c->as_graph();
  if (c->type && c->type->kind == types::TypeKind::Closure) return c->type->graph;
  return nullptr;
}

// The inputs of `n` with keyword arguments moved to their parameters' positions, or the
// inputs unchanged when they cannot be matched (the call then fails at run time as before).
std::vector<Node*> positional_inputs(const Node* n, std::vector<Node*> inputs) {
  if (n->keywords.empty()) return inputs;
  const Graph* g = known_callee(n->callee());
  if (!g) return inputs;
  size_t positional = n->num_args() - n->keywords.size();
  if (n->num_args() != g->params.size()) return inputs;
  std::vector<Node*> out(inputs.begin(), inputs.begin() + 1 + static_cast<long>(positional));
  for (size_t j = positional; j < g->params.size(); ++j) {
    auto it = std::find(n->keywords.begin(), n->keywords.end(), g->params[j]->name);
    if (it == n->keywords.end()) return inputs;
    out.push_back(inputs[1 + positional + static_cast<size_t>(it - n->keywords.begin())]);
  }
  return out;
}

}  // namespace cc_impl

std::vector<const Node*> free_variables(const ir::Module& m, const Graph* g) {
  cc_impl::FreeVariables fv(m);
  const cc_impl::NodeSet& s = fv.of(g);
  return {s.begin(), s.end()};
}

// Converts a graph and, through a worklist, every nested graph its body refers to.
class ClosureConverter {
 public:
  explicit ClosureConverter(Context& cx) : cx_(cx), fv_(cx.module()) {}

  const Converted& ensure(const Graph* h) {
    auto it = cx_.converted_.find(h);
    if (it != cx_.converted_.end()) return it->second;
    Graph* c = cx_.new_graph(transformed_name(h->name, "cc"), h->role, h->loc);
    cx_.converted_graphs_[c] = h;
    const cc_impl::NodeSet& fv = fv_.of(h);
    Converted conv{c, {fv.begin(), fv.end()}};
    Node* env = cx_.module().add_param(c, "$env", h->loc);
    cx_.note_arity(env, static_cast<int>(conv.free_vars.size()));
    std::vector<const types::Type*> types;
    for (const Node* x : conv.free_vars) types.push_back(x->type);
    cx_.note_element_types(env, std::move(types));
    for (const Node* p : h->params) {
      Node* q = cx_.module().add_param(c, p->name, p->loc);
      q->type = p->type;
    }
    pending_.push_back(h);
    return cx_.converted_.emplace(h, std::move(conv)).first->second;
  }

  void run() {
    while (!pending_.empty()) {
      const Graph* h = pending_.front();
      pending_.pop_front();
      fill(h);
    }
  }

 private:
  struct GraphState {
    const Graph* h;
    Graph* c;
    std::unordered_map<const Node*, Node*> map;
    std::unordered_map<const Node*, size_t> fv_index;
    std::unordered_map<const Graph*, Node*> closures;
    std::map<std::vector<Node*>, Node*> envs;
  };

  void fill(const Graph* h) {
    const Converted& conv = cx_.converted_.at(h);
    GraphState st{h, conv.graph, {}, {}, {}};
    for (size_t i = 0; i < conv.free_vars.size(); ++i) st.fv_index[conv.free_vars[i]] = i;
    for (size_t i = 0; i < h->params.size(); ++i) st.map[h->params[i]] = st.c->params[i + 1];
    Emitter e(cx_, st.c, h->loc);
    for (const Node* n : h->body) {
      e.loc = n->loc;
      std::vector<Node*> inputs;
      const size_t values = cc_impl::used_inputs(n);
      for (size_t i = 0; i < n->inputs.size(); ++i)
        inputs.push_back(i < values ? lookup(st, e, n->inputs[i]) : n->inputs[i]);
      std::vector<Node*> ordered = cc_impl::positional_inputs(n, inputs);
      bool reordered = ordered.size() != inputs.size() || ordered != inputs;
      Node* copy = cx_.module().apply(st.c, std::move(ordered), n->loc, n->name);
      if (!reordered || n->keywords.empty()) copy->keywords = n->keywords;
      copy->type = n->type;
      int arity = cx_.tuple_arity(n);
      if (arity >= 0) cx_.note_arity(copy, arity);
      st.map[n] = copy;
    }
    e.loc = h->loc;
    st.c->output = lookup(st, e, h->output);
  }

  // The value of node x of the source graph (or an ancestor), inside cc(h).
  Node* lookup(GraphState& st, Emitter& e, const Node* x) {
    if (x->holds_graph()) {
      const Graph* k = x->as_graph();
      if (!k->parent) return const_cast<Node*>(x);
      auto it = st.closures.find(k);
      if (it != st.closures.end()) return it->second;
      const Converted& ck = ensure(k);
      std::vector<Node*> env;
      for (const Node* y : ck.free_vars) env.push_back(lookup(st, e, y));
      // Closures over the same values (the two branches of an `if`) share one env tuple.
      Node*& tuple = st.envs[env];
      if (!tuple) {
        tuple = e.tuple(env);
        cx_.note_arity(tuple, static_cast<int>(env.size()));
      }
      Node* c = e.op(ir::Prim::MakeClosure, {e.cst(ck.graph), tuple}, k->name);
      st.closures[k] = c;
      return c;
    }
    if (x->is_constant()) return const_cast<Node*>(x);
    if (x->graph == st.h) {
      auto it = st.map.find(x);
      // Not computed yet: only a free variable of a mutually recursive sibling, captured
      // before its assignment, can be; it is still unassigned at this point.
      return it != st.map.end() ? it->second : e.cst(ir::Undef{});
    }
    auto idx = st.fv_index.find(x);
    if (idx == st.fv_index.end())
      internal_error("closure conversion", "node %" + std::to_string(x->id) + " is not a free variable of " +
                                               st.h->name);
    auto it = st.map.find(x);
    if (it != st.map.end()) return it->second;
    Node* env = st.c->params[0];
    Node* v = e.get(env, static_cast<int64_t>(idx->second), x->name);
    v->type = x->type;
    int arity = cx_.tuple_arity(x);
    if (arity >= 0) cx_.note_arity(v, arity);
    st.map[x] = v;
    return v;
  }

  Context& cx_;
  cc_impl::FreeVariables fv_;
  std::deque<const Graph*> pending_;
};

const Converted& Context::convert(const Graph* g) {
  auto it = converted_.find(g);
  if (it != converted_.end()) return it->second;
  ClosureConverter conv(*this);
  conv.ensure(g);
  conv.run();
  return converted_.at(g);
}

}  // namespace fx::ad
