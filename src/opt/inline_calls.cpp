// Inlining and beta reduction: a direct call of a small clone (or of one called from a single
// place) is replaced by a copy of the clone's body with the parameters bound to the arguments.
// Everything else the optimiser does is local to one graph; inlining is what brings a value's
// construction and its use into the same graph (a helper's make_tuple and the caller's
// tuple_get, a pullback and the call that applies it), where projection, folding, CSE and DCE
// can see them. Graphs nested in the callee (the branches of its `if`s, its loop bodies) are
// cloned along, with the caller as their new parent.
//
// Not inlined: calls whose arguments' types are not exactly the parameters' (see inlinable),
// recursive clones (a call cycle through constants or closures: inlining would
// not terminate, and --max-depth must still count the recursion), callees that make a closure
// of one of their nested graphs (the closure's code would be duplicated under a second env
// layout, which the C back end and closure conversion key by type), and calls that are not in
// a scope where the callee's free variables are visible.
// One such closure is inlined: a callee that returns a closure of its nested graph (a factory,
// `make_scaler(k)` returning `scale`) whose caller only calls the result right there
// (`make_scaler(k)(3.0)`). The copy of the nested graph is then never a value: known-calls
// turns the call through the result into a direct call of the copy (known_calls.cpp), which is
// inlined in turn, and the closure is gone (issue #13, "Closures that escape").
#include <algorithm>
#include <functional>
#include <unordered_set>

#include "opt/pass.hpp"
#include "opt/rewrite.hpp"
#include "types/type_verifier.hpp"

namespace fx::opt {

namespace {

using ir::Graph;
using ir::Node;

// Inlined whatever the number of calls: a copy costs no more than the call it replaces.
constexpr size_t kSmallBody = 32;
// Inlined when it is the only reference to the clone (the original then dies).
constexpr size_t kSingleUseBody = 4000;
// A bound on what one pass may add, so that chains of single-use calls cannot explode.
constexpr size_t kGrowthPerPass = 50000;

using Children = std::unordered_map<const Graph*, std::vector<Graph*>>;

// The graphs nested in g, at any depth, parents first.
std::vector<Graph*> descendants(const Children& children, const Graph* g) {
  std::vector<Graph*> out;
  std::function<void(const Graph*)> visit = [&](const Graph* h) {
    auto it = children.find(h);
    if (it == children.end()) return;
    for (Graph* c : it->second) {
      out.push_back(c);
      visit(c);
    }
  };
  visit(g);
  return out;
}

// Recursive graphs: those on a cycle of "refers to" (a graph constant, a call through a value,
// or a nested graph), found as strongly connected components (Tarjan).
class Recursion {
 public:
  Recursion(const ir::Module& m, types::TypeChecker& checker, const Children& children) {
    for (const auto& g : m.graphs) {
      std::vector<const Graph*>& out = edges_[g.get()];
      if (auto it = children.find(g.get()); it != children.end()) out.insert(out.end(), it->second.begin(), it->second.end());
      auto refer = [&](const Node* x) {
        if (x->holds_graph()) out.push_back(x->as_graph());
      };
      for (const Node* n : g->body) {
        for (const Node* in : n->inputs) refer(in);
        if (!n->callee()->is_constant())
          for (const Graph* t : checker.call_targets(n)) out.push_back(t);
      }
      if (g->output) refer(g->output);
    }
    for (const auto& g : m.graphs)
      if (!index_.count(g.get())) connect(g.get());
  }
  bool known(const Graph* g) const { return index_.count(g) != 0; }
  bool recursive(const Graph* g) const { return recursive_.count(g) != 0; }

 private:
  void connect(const Graph* g) {
    index_[g] = low_[g] = next_++;
    stack_.push_back(g);
    on_stack_.insert(g);
    for (const Graph* h : edges_[g]) {
      if (h == g) recursive_.insert(g);
      if (!index_.count(h)) {
        if (!edges_.count(h)) continue;  // not in the module (cannot happen; be safe)
        connect(h);
        low_[g] = std::min(low_[g], low_[h]);
      } else if (on_stack_.count(h)) {
        low_[g] = std::min(low_[g], index_[h]);
      }
    }
    if (low_[g] != index_[g]) return;
    std::vector<const Graph*> component;
    const Graph* h;
    do {
      h = stack_.back();
      stack_.pop_back();
      on_stack_.erase(h);
      component.push_back(h);
    } while (h != g);
    if (component.size() > 1) recursive_.insert(component.begin(), component.end());
  }

  std::unordered_map<const Graph*, std::vector<const Graph*>> edges_;
  std::unordered_map<const Graph*, size_t> index_, low_;
  std::vector<const Graph*> stack_;
  std::unordered_set<const Graph*> on_stack_, recursive_;
  size_t next_ = 0;
};

// Is a graph constant input k of n evaluated as code (called), not as a closure value?
bool code_position(const Node* n, size_t k) {
  if (k == 0) return true;
  if (n->is_prim_apply(ir::Prim::If)) return k == 2 || k == 3;
  if (n->is_prim_apply(ir::Prim::While)) return k == 1 || k == 2;
  return false;
}

// Copies a callee's body into a caller (and its nested graphs along), mapping its parameters
// to the call's arguments.
class Inliner {
 public:
  Inliner(ir::Module& m, types::TypeChecker& checker, Children& children, const Replacements& r)
      : m_(m), checker_(checker), children_(children), r_(r) {}

  // Appends the copy of callee's body to `out` (nodes of `caller`) and returns what the call
  // evaluates to.
  Node* inline_call(Graph* caller, Node* call, const Graph* callee, std::vector<Node*>& out) {
    map_.clear();
    graph_map_.clear();
    for (size_t i = 0; i < callee->params.size(); ++i) map_[callee->params[i]] = r_.resolve(call->arg(i));
    std::vector<Graph*> nested = descendants(children_, callee);
    graph_map_[callee] = caller;
    for (Graph* h : nested) shell(h);
    for (Node* b : callee->body) out.push_back(copy(b, caller));
    for (Graph* h : nested) {
      Graph* h2 = graph_map_.at(h);
      for (Node* b : h->body) h2->body.push_back(copy(b, h2));
      h2->output = use(h->output);
    }
    return use(callee->output);
  }

 private:
  void shell(const Graph* h) {
    Graph* h2 = m_.new_graph(h->name, graph_map_.at(h->parent), h->loc, h->role);
    h2->origin = h->origin;
    h2->return_type = h->return_type;
    for (size_t i = 0; i < h->params.size(); ++i) {
      const Node* p = h->params[i];
      Node* p2 = m_.add_param(h2, p->name, p->loc);
      p2->type = p->type;
      h2->param_types[i] = h->param_types[i];
      h2->param_defaults[i] = h->param_defaults[i];
      map_[p] = p2;
    }
    children_[h2->parent].push_back(h2);
    graph_map_[h] = h2;
  }

  Node* use(Node* x) {
    x = r_.resolve(x);
    if (auto it = map_.find(x); it != map_.end()) return it->second;
    if (x->holds_graph())
      if (auto it = graph_map_.find(x->as_graph()); it != graph_map_.end()) {
        Node* c = typed_constant(m_, it->second, x->type, x->loc);
        c->name = x->name;
        return c;
      }
    return x;
  }

  Node* copy(const Node* b, Graph* into) {
    std::vector<Node*> inputs;
    inputs.reserve(b->inputs.size());
    for (Node* in : b->inputs) inputs.push_back(use(in));
    Node* b2 = detached_apply(m_, into, std::move(inputs), b->loc, b->type, b->name);
    b2->keywords = b->keywords;
    b2->arg_locs = b->arg_locs;
    b2->follows_primal = b->follows_primal;
    if (!b->callee()->is_constant()) checker_.copy_call_targets(b, b2);  // what the C back end calls
    map_[b] = b2;
    return b2;
  }

  ir::Module& m_;
  types::TypeChecker& checker_;
  Children& children_;
  const Replacements& r_;
  std::unordered_map<const Node*, Node*> map_;
  std::unordered_map<const Graph*, Graph*> graph_map_;
};

class InlinePass {
 public:
  explicit InlinePass(PassContext& ctx)
      : ctx_(ctx), children_(children_of(ctx.module)), recursion_(ctx.module, ctx.checker, children_) {
    // References from typed graphs only: a generic graph (no origin) never runs; the one the
    // expansion built for a loop's backward pass stays beside its typed copy.
    for (const auto& g : ctx.module.graphs) {
      if (!g->origin) continue;
      for (const Node* n : g->body) {
        for (const Node* in : n->inputs)
          if (in->holds_graph()) ++references_[in->as_graph()];
        if (n->is_prim_apply(ir::Prim::MakeClosure) && n->arg(0)->holds_graph()) ++closure_codes_[n->arg(0)->as_graph()];
        else if (n->is_apply() && n->callee()->holds_graph()) ++calls_[n->callee()->as_graph()];
      }
      if (g->output && g->output->holds_graph()) ++references_[g->output->as_graph()];
    }
  }

  bool run() {
    Replacements r;
    Inliner inliner(ctx_.module, ctx_.checker, children_, r);
    bool changed = false;
    for (Graph* g : typed_graphs(ctx_.module)) {
      std::vector<Node*> body;
      bool here = false;
      const std::vector<Node*> old = g->body;  // detached_apply touches g->body
      for (Node* n : old) {
        r.refresh(n);
        const Graph* callee = inlinable(g, n);
        if (!callee) {
          body.push_back(n);
          continue;
        }
        Node* result = inliner.inline_call(g, n, callee, body);
        r.add(n, result);
        here = true;
      }
      if (!here) continue;
      g->body = std::move(body);
      changed = true;
    }
    r.apply(ctx_.module);
    return changed;
  }

 private:
  const Graph* inlinable(const Graph* caller, const Node* n) {
    if (!n->is_apply() || !n->callee()->holds_graph() || !n->keywords.empty() || !n->type) return nullptr;
    const Graph* c = n->callee()->as_graph();
    if (!c->origin || c == caller || !recursion_.known(c) || recursion_.recursive(c)) return nullptr;
    if (c->params.size() != n->num_args() || !c->output) return nullptr;
    // Derivative code (a generated graph, its own origin while the optimiser runs over it,
    // Compilation::optimise_derivatives) goes into a typed clone only where the verifier can
    // hold it to a clone's rules (plain_code: no stacks, no dispatch), and only into a
    // top-level clone: a nested clone's closures were converted with the free variables it
    // read (ad::Context::convert), which inlined code would change.
    if (c->origin == c && caller->origin != caller && (caller->parent || !plain_code(c))) return nullptr;
    // The copy's nodes keep the types inferred for the parameters: an argument must have
    // exactly that type. One that knows more (tensor extents, which signatures forget) or
    // less (a rank the callee's annotation asserts on entry) would make the primitives' rules
    // give other types, or compile-time errors for what the program reports at run time.
    // Derivative code inlined into derivative code is checked as generated code, with extents
    // forgotten (types/type_verifier.cpp): there an argument whose tensor type knows more
    // extents than the parameter's (jacrev's x of type Tensor[f64, (4,)] handed to the forward
    // transform of a clone for Tensor[f64, 1]) may stand for it.
    bool generated = derivative_code(c) && derivative_code(caller);
    for (size_t i = 0; i < c->params.size(); ++i) {
      const types::Type* a = n->arg(i)->type;
      const types::Type* p = c->params[i]->type;
      if (a != p && !(generated && a && p && types::is_tensor(a) && types::is_tensor(p) && types::fits(a, p)))
        return nullptr;
    }
    if (c->parent && !caller->nested_in(c->parent)) return nullptr;  // its free variables are not in scope
    if (caller->nested_in(c)) return nullptr;
    size_t size = subtree_size(c);
    if (size == SIZE_MAX) return nullptr;
    if (returns_nested_.count(c) && !only_called(n, c->output->as_graph())) return nullptr;
    // A pullback is named by the closures the forward pass makes of it (for their type: the
    // calls through them are direct by now) and called from one place, the backward pass: a
    // copy there costs what a single use costs.
    bool single_use = references_[c] == 1 ||
                      (c->origin == c && calls_[c] == 1 && references_[c] == calls_[c] + closure_codes_[c]);
    if (size > (single_use ? kSingleUseBody : kSmallBody) || grown_ + size > kGrowthPerPass) return nullptr;
    grown_ += size;
    return c;
  }

  // Is generated graph c, with its nested graphs, code a typed clone may hold: no stack, no
  // dispatch on a closure's code and no call through a value left (once known-calls made them
  // direct)? Its converted closures (make_closure, closure_env) are typed by their code and env
  // (expand/value_types.hpp), which the verifier accepts in a clone as it accepts a closure_env
  // main applies to the pullback `vjp` returned. Inlined there, a `vjp` meets the call of its
  // pullback in main, projection and DCE remove the closure (issue #13).
  bool plain_code(const Graph* c) {
    auto plain = [](const Graph* g) {
      for (const Node* n : g->body) {
        ir::Prim p;
        if (n->prim_callee(&p)) {
          if (ir::prim_info(p).family == ir::PrimFamily::AD_INTERNAL && p != ir::Prim::ZerosLike &&
              p != ir::Prim::AddTangent && p != ir::Prim::MakeClosure && p != ir::Prim::ClosureEnv)
            return false;
          // The env of a typed clone's closure is laid out by the clones that make it
          // (emitter.cpp clone_env), which a typed clone's own code does not read.
          if (p == ir::Prim::ClosureEnv && n->arg(0)->type && n->arg(0)->type->kind == types::TypeKind::Closure)
            return false;
        } else if (!n->callee()->holds_graph()) {
          return false;
        }
      }
      return true;
    };
    if (auto it = plain_.find(c); it != plain_.end()) return it->second;
    std::vector<const Graph*> graphs{c};
    for (const Graph* h : descendants(children_, c)) graphs.push_back(h);
    bool ok = std::all_of(graphs.begin(), graphs.end(), plain) &&
              types::holds_as_clone(graphs, ctx_.store, ctx_.checker.annotations());
    return plain_[c] = ok;
  }

  // The number of body nodes of c and its nested graphs; SIZE_MAX when one of them is made
  // into a closure value (see the header) or listed by closure_at.
  size_t subtree_size(const Graph* c) {
    if (auto it = sizes_.find(c); it != sizes_.end()) return it->second;
    std::vector<Graph*> nested = descendants(children_, c);
    std::unordered_set<const Graph*> inside(nested.begin(), nested.end());
    size_t size = c->body.size();
    auto value_use = [&](const Node* x) { return x->holds_graph() && inside.count(x->as_graph()); };
    // Returning a closure of a graph nested directly in c is the one escape inlining handles
    // (only_called decides per call), and so is such a closure returning one of its own nested
    // graphs in turn (curried functions): the chain of returned graphs.
    std::unordered_set<const Graph*> returning;
    for (const Graph* r = c; value_use(r->output) && r->output->as_graph()->parent == r; r = r->output->as_graph())
      returning.insert(r);
    if (!returning.empty()) returns_nested_.insert(c);
    bool escapes = value_use(c->output) && !returning.count(c);
    auto scan = [&](const Graph* g) {
      for (const Node* n : g->body)
        for (size_t k = 0; k < n->inputs.size(); ++k)
          if (value_use(n->inputs[k]) && !code_position(n, k)) escapes = true;
      if (g != c && value_use(g->output) && !returning.count(g)) escapes = true;
    };
    scan(c);
    for (const Graph* h : nested) {
      size += h->body.size();
      scan(h);
    }
    return sizes_[c] = escapes ? SIZE_MAX : size;
  }

  // Every use of every node of the module, as the pass starts (nodes it copies are not read).
  void record_uses() {
    for (const auto& g : ctx_.module.graphs) {
      for (const Node* n : g->body)
        for (size_t k = 0; k < n->inputs.size(); ++k) uses_[n->inputs[k]].push_back({n, k});
      if (g->output) uses_[g->output].push_back({nullptr, 0});
    }
  }

  // Is the result of call n (the closure of `returned`, nested in the callee) only called, in
  // n's graph: read by closure_at nodes that list a clone of returned's function with its
  // signature, each read only as the callee of calls? Then every use of the copy is a call.
  bool only_called(const Node* n, const Graph* returned) {
    auto fits = [&](const Graph* t) {
      if (t->origin != returned->origin || t->params.size() != returned->params.size()) return false;
      for (size_t i = 0; i < t->params.size(); ++i)
        if (t->params[i]->type != returned->params[i]->type) return false;
      return true;
    };
    if (uses_.empty()) record_uses();  // only a pass that meets a factory needs them
    auto users = uses_.find(n);
    if (users == uses_.end()) return true;  // nobody reads it: the copy is retired unread
    for (const auto& [at, k] : users->second) {
      if (!at || at->graph != n->graph || k != 1 || !at->is_prim_apply(ir::Prim::ClosureAt)) return false;
      bool listed = false;
      for (size_t i = 1; i < at->num_args(); ++i) listed = listed || (at->arg(i)->holds_graph() && fits(at->arg(i)->as_graph()));
      if (!listed) return false;
      auto calls = uses_.find(at);
      if (calls == uses_.end()) continue;
      for (const auto& [call, j] : calls->second) {
        if (!call || j != 0 || !call->is_apply() || !call->keywords.empty() || call->num_args() != returned->params.size())
          return false;
        const Node* out = returned->output;  // a closure it returns in turn is only called too
        if (out->holds_graph() && out->as_graph()->parent == returned && !only_called(call, out->as_graph())) return false;
      }
    }
    return true;
  }

  PassContext& ctx_;
  Children children_;
  Recursion recursion_;
  std::unordered_map<const Graph*, size_t> references_;
  std::unordered_map<const Graph*, size_t> calls_, closure_codes_;  // direct calls; make_closure's code
  std::unordered_map<const Graph*, size_t> sizes_;
  std::unordered_map<const Graph*, bool> plain_;  // plain_code, per pass
  std::unordered_set<const Graph*> returns_nested_;  // callees whose result is a closure of their nested graph
  std::unordered_map<const Node*, std::vector<std::pair<const Node*, size_t>>> uses_;  // (user, input index); null: an output
  size_t grown_ = 0;
};

}  // namespace

bool inline_calls(PassContext& ctx) { return InlinePass(ctx).run(); }

}  // namespace fx::opt
