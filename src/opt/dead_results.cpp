// Dead results: the parts of what a function of derivative code returns that no caller reads
// are not computed. A pullback returns a cotangent for every argument of the function it
// differentiates, and grad or value_and_grad read those of the arguments they differentiate.
// Inlining and DCE drop the rest where the pullback is inlined; a recursive pullback (a tree
// recursion's) is not, and it reads the cotangents its recursive calls return only to add them
// into the ones it returns itself, so each call built and summed all of them. examples/
// tree_lstm.fx trains its cell, not the 5000×300 word embedding it captures: natively every tree
// node made a dense cotangent of that table (a zero, the leaf's row scattered into it, the
// children's tables added), where the interpreter keeps lazy zeros (docs/ad.md §2).
//
// The analysis is a demand analysis over the whole module: which parts of each node's value
// are read (a tuple's components, to any depth, or the whole value). Reads propagate backwards
// through tuple_get and make_tuple, from a call's result to its callee's output, and from an
// `if`'s result to its branches' outputs; every other use reads its operands whole, and so does
// a node that stays whether or not it is read (an effect, a call, what may fail). It is a
// fixpoint over the call graph, so recursion and mutual recursion are covered: a component that
// a recursive call returns only to be added into the same unread component is never demanded.
// The pass runs only on a whole program (OptOptions::whole_program: `fluxion run`, `emit-c`, `ir`):
// the embedding API expands derivatives again for later calls, which may call a pullback built
// for an earlier one and read more of its result, and an AOT library's host calls its exports.
// Only graphs whose every use is known take part (generated graphs, called directly or as the
// branches of an `if`): a graph that escapes as a value (a closure called through a variable, a
// loop body, a fused kernel, a clone listed by closure_at) or that a host may call (the user's
// typed clones, the entry points) returns its whole result.
//
// Then each unread component becomes `()` (make_tuple of nothing), the types of the tuples that
// carry it say so (a call's type stays its callee's result type: the two have one demand), and
// the nodes nobody reads go. Besides what removable.hpp allows, that includes two kinds of node
// that only derivative code makes and that cannot fail there: add_tangent (its operands have one
// shape by construction, tangent_sums.cpp) and the reverse rule of a read x[i], a scatter into
// zeros_like(x) made at the read's location (set_index(zeros_like(x), spec, i..., ct), and
// "+" scatters added into it), whose indices the forward read checked.
#include <map>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

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

// What is read of a value: nothing, some components of a tuple (each with what is read of it),
// or all of it.
struct Demand {
  enum Kind : uint8_t { None, Parts, Whole } kind = None;
  std::map<size_t, Demand> parts;
};

const Demand kWhole{Demand::Whole, {}};
const Demand kNone{};

// Joins `from` into `into`; true when `into` grew.
bool join(Demand& into, const Demand& from) {
  if (from.kind == Demand::None || into.kind == Demand::Whole) return false;
  if (from.kind == Demand::Whole) {
    into.kind = Demand::Whole;
    into.parts.clear();
    return true;
  }
  bool changed = into.kind == Demand::None;
  into.kind = Demand::Parts;
  for (const auto& [i, d] : from.parts)
    if (d.kind != Demand::None) changed |= join(into.parts[i], d);
  return changed;
}

const Demand& component(const Demand& d, size_t k) {
  if (d.kind == Demand::Whole) return kWhole;
  auto it = d.parts.find(k);
  return it == d.parts.end() ? kNone : it->second;
}

bool is_tuple(const Type* t) { return t && t->kind == TypeKind::Tuple; }

// The root of g's lexical nesting.
const Graph* root_of(const Graph* g) {
  while (g->parent) g = g->parent;
  return g;
}

// Built by the AD transforms and expansion, or a pass's copy of such a graph (rewrite.hpp).
bool generated(const Graph* g) { return derivative_code(root_of(g)); }

bool same_loc(const SourceLoc& a, const SourceLoc& b) {
  return a.valid() && a.file == b.file && a.line == b.line && a.col == b.col;
}

// The reverse rule of a read x[i]: set_index(zeros_like(x), spec, i..., ct), the zero and the
// scatter made together at the read's location, or a "+" scatter added into one.
bool derivative_scatter(const Node* n) {
  if (!n->is_prim_apply(Prim::SetIndex) || n->num_args() < 3) return false;
  const Node* base = n->arg(0);
  if (base->is_prim_apply(Prim::ZerosLike) && same_loc(base->loc, n->loc)) return true;
  const std::string* spec = constant_string(n->arg(1));
  return spec && !spec->empty() && (*spec)[0] == '+' && derivative_scatter(base);
}

class DeadResults {
 public:
  explicit DeadResults(PassContext& ctx) : ctx_(ctx) {}

  bool run() {
    if (!ctx_.options.whole_program) return false;
    find_candidates();
    find_loops();
    if (candidates_.empty() && loops_.empty()) return false;
    solve();
    return rewrite();
  }

 private:
  // ---- which graphs take part

  void find_candidates() {
    for (Graph* g : typed_graphs(ctx_.module))
      if (generated(g) && g->output && g->output->is_apply() && g->output->graph == g && is_tuple(g->output->type))
        candidates_.insert(g);
    // Uses of graph constants: a direct call, closure_is (compares codes), or the code of a
    // closure that is only ever an `if`'s branch. Anything else lets the graph escape.
    std::unordered_map<const Node*, std::vector<std::pair<const Node*, size_t>>> users;
    find_reachable();
    for (const Graph* g : reachable_)
      for (const Node* n : g->body)
        for (size_t j = 0; j < n->inputs.size(); ++j) users[n->inputs[j]].push_back({n, j});
    for (const Graph* g : reachable_) {
      if (g->output && g->output->holds_graph()) {
        escapes(g->output->as_graph());
        not_loop_part_.insert(g->output->as_graph());
      }
      if (g->output && users.count(g->output) == 0) users[g->output];
      for (const Node* n : g->body) {
        for (size_t j = 0; j < n->inputs.size(); ++j) {
          const Node* in = n->inputs[j];
          if (!in->holds_graph()) continue;
          const Graph* code = in->as_graph();
          if (j == 0 && !n->callee()->holds_prim()) {  // a direct call
            not_loop_part_.insert(code);
            continue;
          }
          if (n->is_prim_apply(Prim::ClosureIs) && j == 2) {
            not_loop_part_.insert(code);
            continue;
          }
          if (n->is_prim_apply(Prim::MakeClosure) && j == 1 && only_operand_of(n, Prim::If, 2, users, *g)) {
            branch_code_[n] = code;
            not_loop_part_.insert(code);
            continue;
          }
          escapes(code);
          if (n->is_prim_apply(Prim::While) && (j == 1 || j == 2)) continue;  // a loop part
          if (n->is_prim_apply(Prim::MakeClosure) && j == 1 && only_operand_of(n, Prim::While, 1, users, *g)) {
            loop_code_[n] = code;
            continue;
          }
          not_loop_part_.insert(code);
        }
        // A call through a value runs the code its type names (the C emitter calls it); the
        // interpreter runs the closure's own code, whose constant escaped where it was made.
        if (!n->inputs.empty() && !n->callee()->is_constant()) escapes_by_type(n->callee()->type);
      }
    }
  }

  // The loops whose state follows its demand: a `while` of derivative code over a tuple whose
  // condition and body are graphs used only as the parts of such loops (directly, or as the
  // code of a closure that is only a loop's part). Their state parameters, body output, initial
  // state and the loop's result then have one demand. Dropping a loop takes its parts' other
  // loops with it, so this is a fixpoint too.
  void find_loops() {
    std::vector<const Node*> whiles;
    for (const Graph* g : reachable_)
      for (const Node* n : g->body)
        if (n->is_prim_apply(Prim::While) && n->num_args() >= 3) whiles.push_back(n);
    bool changed = true;
    while (changed) {
      changed = false;
      loops_.clear();
      for (const Node* w : whiles) {
        const Graph* cond = loop_part(w->arg(0));
        const Graph* body = loop_part(w->arg(1));
        if (generated(w->graph) && is_tuple(w->type) && cond && body && !cond->params.empty() &&
            !body->params.empty() && !not_loop_part_.count(cond) && !not_loop_part_.count(body)) {
          loops_.insert(w);
          continue;
        }
        for (const Graph* part : {cond, body})  // its parts keep their whole state
          if (part && not_loop_part_.insert(part).second) changed = true;
      }
    }
    for (const Node* w : loops_) {
      state_params_.insert(loop_part(w->arg(0))->params.back());
      const Graph* body = loop_part(w->arg(1));
      state_params_.insert(body->params.back());
      loop_bodies_.insert(body);
    }
  }

  // The graph that operand n of a `while` runs, when it is known here.
  const Graph* loop_part(const Node* n) const {
    if (n->holds_graph()) return n->as_graph();
    auto it = loop_code_.find(n);
    return it == loop_code_.end() ? nullptr : it->second;
  }

  // The graphs that may run: the typed ones (the optimised program, entry points included) and
  // every graph a constant of a reachable graph names. The expansion leaves the untyped graphs
  // of its earlier rounds over a recursion in the module (docs/ad.md §10), which nothing calls.
  void find_reachable() {
    std::vector<const Graph*> work;
    for (const Graph* g : typed_graphs(ctx_.module))
      if (reachable_.insert(g).second) work.push_back(g);
    while (!work.empty()) {
      const Graph* g = work.back();
      work.pop_back();
      auto reach = [&](const Node* c) {
        if (c && c->holds_graph() && reachable_.insert(c->as_graph()).second) work.push_back(c->as_graph());
      };
      reach(g->output);
      for (const Node* n : g->body)
        for (const Node* in : n->inputs) reach(in);
    }
  }

  // Is closure n read only as operand `first` or `first + 1` of `p` nodes (and not returned)?
  // The branches of an `if` (2, 3), the condition and body of a `while` (1, 2).
  static bool only_operand_of(const Node* n, Prim p, size_t first,
                              const std::unordered_map<const Node*, std::vector<std::pair<const Node*, size_t>>>& users,
                              const Graph& g) {
    if (g.output == n) return false;
    auto it = users.find(n);
    if (it == users.end()) return true;
    for (const auto& [user, j] : it->second)
      if (!user->is_prim_apply(p) || (j != first && j != first + 1)) return false;
    return true;
  }

  void escapes(const Graph* g) {
    candidates_.erase(g);
  }

  void escapes_by_type(const Type* t) {
    if (!t || !seen_types_.insert(t).second) return;
    if (t->graph) {
      escapes(t->graph);
      called_codes_.insert(t->graph);  // its closures' envs are read whole, by the code
    }
    for (const Type* e : t->elems) escapes_by_type(e);
  }

  // ---- the fixpoint

  // The code of branch operand b of an `if` when it takes part, else null.
  const Graph* branch_graph(const Node* b) const {
    const Graph* g = nullptr;
    if (b->holds_graph()) g = b->as_graph();
    auto it = branch_code_.find(b);
    if (it != branch_code_.end()) g = it->second;
    return g && candidates_.count(g) ? g : nullptr;
  }

  const Graph* called_graph(const Node* n) const {
    if (n->inputs.empty() || !n->callee()->holds_graph()) return nullptr;
    const Graph* g = n->callee()->as_graph();
    return candidates_.count(g) ? g : nullptr;
  }

  // Can a value of type t lose components? A tuple's, a stack's elements' (a loop's tape),
  // and an explicit closure's env's, unless some call runs its code, which reads all of it.
  bool shaped(const Type* t) const {
    if (!t) return false;
    if (t->kind == TypeKind::Tuple || t->kind == TypeKind::List) return true;
    return t->kind == TypeKind::Explicit && !t->elems.empty() && !called_codes_.count(t->graph);
  }

  // Can n's value lose components? Then its type follows its demand.
  bool narrowable(const Node* n) const {
    if (!n->graph || !generated(n->graph) || !shaped(n->type)) return false;
    if (n->is_parameter()) return state_params_.count(n) > 0;
    if (!n->is_apply()) return false;
    if (n->is_prim_apply(Prim::TupleGet)) return true;
    if (n->is_prim_apply(Prim::ListTop)) return true;
    if (n->is_prim_apply(Prim::MakeClosure) || n->is_prim_apply(Prim::ListPush) || n->is_prim_apply(Prim::ListPop) ||
        n->is_prim_apply(Prim::ListEmpty))
      return true;
    if (n->is_prim_apply(Prim::ClosureEnv)) return n->num_args() == 1 && shaped(n->arg(0)->type);
    if (n->is_prim_apply(Prim::While)) return loops_.count(n) > 0;
    if (!is_tuple(n->type)) return false;
    if (n->is_prim_apply(Prim::MakeTuple)) return true;
    if (called_graph(n)) return true;
    return n->is_prim_apply(Prim::If) && n->num_args() == 3 && branch_graph(n->arg(1)) && branch_graph(n->arg(2));
  }

  // Adds d to what is read of n (all of it when n cannot lose components).
  void demand(const Node* n, const Demand& d) {
    if (d.kind == Demand::None) return;
    changed_ |= join(demand_[n], narrowable(n) ? d : kWhole);
  }

  void tie(Demand& a, Demand& b) {
    changed_ |= join(a, b);
    changed_ |= join(b, a);
  }

  // May n go when nobody reads it?
  bool removable(const Node* n) const {
    if (!n->graph || !n->graph->origin) return false;  // not optimised: it stays, reading what it reads
    if (may_delete_unused(n, ctx_.options.check_nan)) return true;
    if (ctx_.options.check_nan || !n->graph || !generated(n->graph)) return false;
    return n->is_prim_apply(Prim::AddTangent) || derivative_scatter(n);
  }

  bool live(const Node* n) const {
    auto it = demand_.find(n);
    return (it != demand_.end() && it->second.kind != Demand::None) || !removable(n);
  }

  void solve() {
    // What a caller reads of a graph that does not take part is unknown: all of it.
    for (const Graph* g : reachable_)
      if (g->output && !candidates_.count(g) && !loop_bodies_.count(g)) demand(g->output, kWhole);
    for (int guard = 0; guard < 1000; ++guard) {
      changed_ = false;
      for (const Graph* g : reachable_) {
        if (loop_bodies_.count(g)) {  // a loop's next state: read as the loop's state is
        } else if (candidates_.count(g)) {
          // The output is a tuple whatever is read of it; graph and output have one demand.
          Demand& out = result_[g];
          changed_ |= join(out, Demand{Demand::Parts, {}});
          if (narrowable(g->output)) {
            tie(out, demand_[g->output]);
          } else {
            changed_ |= join(out, kWhole);
            demand(g->output, kWhole);
          }
        }
        for (auto it = g->body.rbegin(); it != g->body.rend(); ++it) visit(*it);
      }
      if (!changed_) return;
    }
    throw std::logic_error("dead-results: the demand analysis did not converge");
  }

  void visit(const Node* n) {
    if (!live(n)) return;
    if (projection(n)) {
      read_component(n);
      return;
    }
    if (n->is_prim_apply(Prim::ListIsEmpty) && n->num_args() == 1) {  // reads the stack, not its elements
      demand(n->arg(0), Demand{Demand::Parts, {}});
      return;
    }
    if (!narrowable(n)) {
      for (const Node* in : n->inputs) demand(in, kWhole);
      // A call or `if` whose type cannot follow the demand reads all of its callees' results.
      if (const Graph* g = called_graph(n)) changed_ |= join(result_[g], kWhole);
      if (n->is_prim_apply(Prim::If))
        for (size_t i = 1; i < n->num_args(); ++i)
          if (const Graph* g = branch_graph(n->arg(i))) changed_ |= join(result_[g], kWhole);
      return;
    }
    Demand& d = demand_[n];
    if (d.kind == Demand::None) {  // a live node that stays (a call, an if): its shell is read
      d.kind = Demand::Parts;
      changed_ = true;
    }
    if (n->is_prim_apply(Prim::MakeTuple)) {
      for (size_t i = 0; i < n->num_args(); ++i) {
        const Node* a = n->arg(i);
        // (A () is its own narrowing: one left by an earlier round stays, read or not.)
        if (d.kind == Demand::Whole || unit_node(a)) {
          demand(a, kWhole);
          continue;
        }
        auto it = d.parts.find(i);
        if (it == d.parts.end()) continue;  // not read: becomes ()
        // The component's type is the operand's: one demand for both.
        demand(a, it->second);
        if (narrowable(a)) tie(it->second, demand_[a]);
        else changed_ |= join(it->second, kWhole);
      }
    } else if (n->is_prim_apply(Prim::TupleGet)) {  // of a component whose type is not narrowed
      for (const Node* a : n->inputs) demand(a, kWhole);
    } else if (n->is_prim_apply(Prim::ListEmpty)) {  // the room it is made with, if any
      for (const Node* a : n->inputs) demand(a, kWhole);
    } else if (n->is_prim_apply(Prim::ListPop)) {  // the same stack, shorter
      link(n->arg(0), d);
    } else if (n->is_prim_apply(Prim::ListTop) || n->is_prim_apply(Prim::ClosureEnv)) {
      read_inner(n, d);
    } else if (n->is_prim_apply(Prim::ListPush) || n->is_prim_apply(Prim::MakeClosure)) {
      build_inner(n, d);
    } else if (n->is_prim_apply(Prim::While)) {
      visit_loop(n, d);
    } else if (const Graph* g = called_graph(n)) {
      for (const Node* a : n->inputs) demand(a, kWhole);
      tie(d, result_[g]);  // the call's type is its callee's result type
    } else {  // if(c, a, b) of branches that take part: its type is theirs
      for (const Node* a : n->inputs) demand(a, kWhole);  // the branch closures themselves stay
      for (size_t i = 1; i <= 2; ++i) tie(d, result_[branch_graph(n->arg(i))]);
    }
  }

  // n is read as d is, and its type is d's narrowing of it: one demand for n and d.
  void link(const Node* n, Demand& d) {
    demand(n, d);
    if (narrowable(n)) tie(d, demand_[n]);
    else changed_ |= join(d, kWhole);
  }

  // What is read of a stack's element or of a closure's env: its part 0. Part 0 of a value that
  // is read at all is at least its shell (the stack still holds elements, the closure an env).
  static Demand& inner(Demand& d) {
    Demand& in = d.parts[0];
    if (in.kind == Demand::None) in.kind = Demand::Parts;
    return in;
  }

  // list_top(l), closure_env(f): what is read of n is read of its operand's part 0.
  void read_inner(const Node* n, Demand& d) {
    const Node* x = n->arg(0);
    if (d.kind == Demand::Whole || !narrowable(x)) {
      demand(x, kWhole);
      changed_ |= join(d, kWhole);
      return;
    }
    Demand read{Demand::Parts, {}};
    read.parts[0] = d;
    demand(x, read);
    Demand& dx = demand_[x];
    if (dx.kind == Demand::Whole) changed_ |= join(d, kWhole);
    else tie(d, inner(dx));
  }

  // list_push(l, v), make_closure(@code, env): l is read as the result is; v and env as the
  // result's part 0. (make_closure's code is code, not a value.)
  void build_inner(const Node* n, Demand& d) {
    const bool push = n->is_prim_apply(Prim::ListPush);
    if (d.kind == Demand::Whole) {
      for (const Node* a : n->inputs) demand(a, kWhole);
      return;
    }
    if (push) link(n->arg(0), d);
    if (d.kind == Demand::Whole) {  // l's type could not follow it
      demand(n->arg(1), kWhole);
      return;
    }
    link(n->arg(1), inner(d));
  }

  // while(cond, body, init) over a state that follows its demand: the result, the initial
  // state, the state parameters of both parts and the body's output have one demand, so a
  // component that the loop only carries to compute itself is never read.
  void visit_loop(const Node* w, Demand& d) {
    demand(w->arg(0), kWhole);
    demand(w->arg(1), kWhole);
    if (w->num_args() == 4) demand(w->arg(3), kWhole);  // a counted loop's trip count
    link(w->arg(2), d);
    for (const Graph* part : {loop_part(w->arg(0)), loop_part(w->arg(1))}) {
      const Node* state = part->params.back();
      if (narrowable(state)) tie(d, demand_[state]);
      else changed_ |= join(d, kWhole);
    }
    link(loop_part(w->arg(1))->output, d);
  }

  // tuple_get(x, k) in derivative code: what is read of it is what is read of x's component k.
  static bool projection(const Node* n) {
    return n->is_prim_apply(Prim::TupleGet) && n->num_args() == 2 && n->type && generated(n->graph);
  }

  void read_component(const Node* n) {
    int64_t k;
    const Node* x = n->arg(0);
    if (!constant_int(n->arg(1), &k) || k < 0 || !narrowable(x) || !is_tuple(x->type)) {
      demand(x, kWhole);
      demand(n, kWhole);
      return;
    }
    Demand read{Demand::Parts, {}};
    read.parts[static_cast<size_t>(k)] = demand_[n];
    demand(x, read);
    // A narrowed read's type is x's component's: one demand for both.
    if (narrowable(n)) changed_ |= join(demand_[n], component(demand_[x], static_cast<size_t>(k)));
  }

  static bool unit_node(const Node* n) { return n->is_prim_apply(Prim::MakeTuple) && n->num_args() == 0; }

  // ---- the rewrite

  // t with the components d does not read replaced by ().
  const Type* narrowed(const Type* t, const Demand& d) {
    if (d.kind == Demand::Whole || !shaped(t)) return t;
    if (!is_tuple(t)) {  // a stack's element, a closure's env: at least its shell
      Demand in = component(d, 0);
      if (in.kind == Demand::None) in.kind = Demand::Parts;
      const Type* inner_type = narrowed(t->elems[0], in);
      if (inner_type == t->elems[0]) return t;
      return t->kind == TypeKind::List ? ctx_.store.list(inner_type) : ctx_.store.explicit_closure(t->graph, inner_type);
    }
    std::vector<const Type*> elems;
    for (size_t i = 0; i < t->elems.size(); ++i) {
      const Demand& part = component(d, i);
      elems.push_back(part.kind == Demand::None ? unit() : narrowed(t->elems[i], part));
    }
    return ctx_.store.tuple(std::move(elems));
  }

  const Type* unit() { return ctx_.store.tuple({}); }

  bool rewrite() {
    bool changed = false;
    for (const Node* p : state_params_) {
      const Type* t = narrowed(p->type, demand_[p]);
      if (t != p->type) {
        const_cast<Node*>(p)->type = t;
        changed = true;
      }
    }
    for (Graph* g : typed_graphs(ctx_.module)) {
      const std::vector<Node*> old = g->body;  // detached_apply touches g->body
      std::vector<Node*> body;
      body.reserve(old.size());
      for (Node* n : old) {
        if (!live(n)) {
          changed = true;
          continue;
        }
        if (narrowable(n)) {
          const Demand& d = demand_[n];
          if (n->is_prim_apply(Prim::MakeTuple) && d.kind != Demand::Whole) {
            for (size_t i = 0; i < n->num_args(); ++i) {
              if (component(d, i).kind != Demand::None || unit_node(n->arg(i))) continue;
              Node* empty = detached_apply(ctx_.module, g, {ctx_.module.prim(Prim::MakeTuple)}, n->loc, unit());
              body.push_back(empty);
              n->inputs[i + 1] = empty;
              changed = true;
            }
          }
          const Type* t = narrowed(n->type, d);
          if (t != n->type) {
            n->type = t;
            changed = true;
          }
        }
        body.push_back(n);
      }
      g->body = std::move(body);
    }
    return changed;
  }

  PassContext& ctx_;
  std::unordered_set<const Graph*> candidates_;
  std::unordered_map<const Node*, const Graph*> branch_code_;  // make_closure → its code, for if branches
  std::unordered_map<const Node*, const Graph*> loop_code_;    // make_closure → its code, for loop parts
  std::unordered_set<const Graph*> not_loop_part_;  // graphs used otherwise than as a loop's part
  std::unordered_set<const Node*> loops_;            // the whiles whose state follows its demand
  std::unordered_set<const Node*> state_params_;     // their parts' state parameters
  std::unordered_set<const Graph*> loop_bodies_;     // their bodies
  std::unordered_set<const Graph*> called_codes_;    // codes some call runs through a value
  std::unordered_set<const Type*> seen_types_;
  std::unordered_set<const Graph*> reachable_;
  std::unordered_map<const Node*, Demand> demand_;
  std::unordered_map<const Graph*, Demand> result_;
  bool changed_ = false;
};

}  // namespace

bool drop_dead_results(PassContext& ctx) { return DeadResults(ctx).run(); }

}  // namespace fx::opt
