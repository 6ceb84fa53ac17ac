// A loop's backward pass adds the cotangent of its environment into an accumulator that starts
// at zero (ad.jwhile_back_body_acc), and the graph around it then adds the accumulated sum into
// its own accumulator: add_tangent(acc, tuple_get(while(..., (.., zeros_like(x), ..)), k)).
// When that loop is itself the body of an outer loop's backward pass (nested loops, as in an
// LSTM's layers inside its time steps), the zero is a tensor of x's size made at every outer
// iteration, and the sum another pass over it: the native back end refuses such a zero
// (emitter.cpp), the interpreter keeps it lazy. The sum is linear in where it starts, so the
// inner loop can start at `acc` instead of at zero, and the outer sum disappears:
//
//   add_tangent(A, tuple_get(..tuple_get(while(c, b, init), k1).., km))
//     → tuple_get(..tuple_get(while(c, b, init'), k1).., km)   with init' = init, A at k1..km
//
// when the state at path k1..km is an accumulator: the body's output there is the state there
// with additions only (add_tangent of it, set_index "+" into it, or a call that hands it back
// with additions: a copy recursive_accumulators.cpp made, ir::Graph::accumulators, or an `if`
// over the closures of two such copies of branch codes), nothing else in the body or
// the condition reads it, nothing but this sum reads the loop's result there, and the zero at
// that place of `init` is one the pass can write the rest of (numbers beside the tensor).
// The sums are then rounded in another order (acc + a1 + a2 against acc + (a1 + a2)).
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Graph;
using ir::Node;
using ir::Prim;
using types::Type;
using types::TypeKind;

using Path = std::vector<int64_t>;
using Readers = std::unordered_map<const Node*, std::vector<Node*>>;

bool tuple_get_at(const Node* n, int64_t* k) {
  return n->is_prim_apply(Prim::TupleGet) && n->num_args() == 2 && constant_int(n->arg(1), k) && *k >= 0;
}

bool adds_at(const Node* n) {  // set_index(x, "+spec", ...): an addition into x
  if (!n->is_prim_apply(Prim::SetIndex) || n->num_args() < 3) return false;
  const Node* spec = n->arg(1);
  return spec->is_constant() && std::holds_alternative<std::string>(spec->value) && !spec->as_str().empty() &&
         spec->as_str()[0] == '+';
}

class LoopAccumulators {
 public:
  explicit LoopAccumulators(PassContext& ctx) : ctx_(ctx) {
    for (const auto& g : ctx.module.graphs) {
      for (Node* n : g->body)
        for (Node* in : n->inputs) readers_[in].push_back(n);
      if (g->output) outputs_[g->output] += 1;
    }
  }

  bool run() {
    Replacements r;
    for (Graph* g : typed_graphs(ctx_.module)) {
      // One rewrite per graph and run: it adds nodes and changes a loop's operands, which the
      // readers counted at the start no longer describe. The pipeline's next round goes on.
      for (size_t j = 0; j < g->body.size(); ++j) {
        Node* n = g->body[j];
        if (!n->is_prim_apply(Prim::AddTangent) || n->num_args() != 2 || !n->type || n->type->kind != TypeKind::Tensor)
          continue;
        Node* v = started_at(g, n, n->arg(0), n->arg(1));
        if (!v) v = started_at(g, n, n->arg(1), n->arg(0));
        if (v) {
          r.add(n, v);
          break;
        }
      }
    }
    return r.apply(ctx_.module);
  }

 private:
  // The rewrite of n = add_tangent(a, sum), sum a read of a loop's result; null when it does not apply.
  Node* started_at(Graph* g, Node* n, Node* a, Node* sum) {
    if (a->type != n->type || sum->type != n->type) return nullptr;
    Path path;
    Node* w = sum;
    int64_t k;
    while (tuple_get_at(w, &k)) {
      path.insert(path.begin(), k);
      w = w->arg(0);
    }
    if (path.empty() || !w->is_prim_apply(Prim::While) || w->num_args() < 3 || w->graph != g) return nullptr;
    if (!only_reader(sum, n) || readers_of_path(w, path, 0) != 1) return nullptr;  // the sum alone reads it
    const Graph* cond = code(w->arg(0));
    const Graph* body = code(w->arg(1));
    if (!cond || !body || cond->params.empty() || body->params.empty()) return nullptr;
    if (readers_of_path(cond->params.back(), path, 0) != 0) return nullptr;
    if (!accumulates(body, path)) return nullptr;
    // The loop's state there takes `a` (a zero of the init may know more extents than a).
    const Type* state = w->type;
    for (int64_t k : path) {
      if (!state || state->kind != TypeKind::Tuple || static_cast<size_t>(k) >= state->elems.size()) return nullptr;
      state = state->elems[static_cast<size_t>(k)];
    }
    if (a->type != state && !types::fits(a->type, state)) return nullptr;
    std::vector<Node*> made;
    Node* start = available_before(g, a, index_in(g, w), made);
    if (!start) return nullptr;
    Node* init = with_start(g, w->arg(2), path, 0, start, made);
    if (!init) return nullptr;
    for (Node* m : made) g->body.insert(g->body.begin() + static_cast<long>(index_in(g, w)), m);
    w->inputs[3] = init;  // inputs[0] is the callee: while(cond, body, init)
    return sum;
  }

  // A zeros_like, or a component of one.
  static bool is_zero(const Node* x) {
    int64_t k;
    while (tuple_get_at(x, &k)) x = x->arg(0);
    return x->is_prim_apply(Prim::ZerosLike);
  }

  static const Graph* code(const Node* f) {
    if (f->holds_graph()) return f->as_graph();
    if (f->is_prim_apply(Prim::MakeClosure) && f->arg(0)->holds_graph()) return f->arg(0)->as_graph();
    return nullptr;
  }

  static size_t index_in(const Graph* g, const Node* n) {
    for (size_t i = 0; i < g->body.size(); ++i)
      if (g->body[i] == n) return i;
    return g->body.size();
  }

  // Is x read by `reader` alone (any reader when null: by exactly one), and not an output?
  bool only_reader(const Node* x, const Node* reader) {
    auto it = readers_.find(x);
    if (outputs_.count(x) || it == readers_.end() || it->second.size() != 1) return false;
    return !reader || it->second[0] == reader;
  }

  // How many reads of x reach its value at path[d..]: a tuple_get of another element does not,
  // a read of the whole (or of a part holding it) does, and so does being a graph's output.
  size_t readers_of_path(const Node* x, const Path& path, size_t d) {
    size_t count = outputs_.count(x) ? outputs_[x] : 0;
    auto it = readers_.find(x);
    if (it == readers_.end()) return count;
    if (d == path.size()) return count + it->second.size();
    for (const Node* r : it->second) {
      int64_t k;
      if (tuple_get_at(r, &k) && r->arg(0) == x) {
        if (k == path[d]) count += readers_of_path(r, path, d + 1);
      } else {
        ++count;
      }
    }
    return count;
  }

  // Does the body's output at `path` add to its state at `path` and nothing else read that?
  bool accumulates(const Graph* body, const Path& path) {
    const Node* state = body->params.back();
    const Node* out = body->output;
    for (int64_t k : path) {
      if (!out->is_prim_apply(Prim::MakeTuple) || static_cast<size_t>(k) >= out->num_args() || out->graph != body)
        return false;
      out = out->arg(static_cast<size_t>(k));
    }
    // Down the chain of additions to the read of the state.
    const Node* x = out;
    const Node* above = nullptr;  // the addition that reads x
    for (int steps = 0; steps < 1000; ++steps) {
      if (x->graph != body) return false;
      int64_t k;
      if (tuple_get_at(x, &k)) {
        // A call's result where it hands an accumulator back: on to the argument it was given.
        std::vector<const Node*> tuples;
        const Node* arg = handed_in(x, &tuples);
        if (!arg) break;
        if (tuples.empty() || arg->type != x->type || (above && !only_reader(x, above)) || !handed_alone(x, tuples)) return false;
        above = tuples.back();
        x = arg;
        continue;
      }
      const Node* next = nullptr;
      if (adds_at(x)) {
        next = x->arg(0);
      } else if (x->is_prim_apply(Prim::AddTangent) && x->num_args() == 2) {
        const bool first = reaches(x->arg(0), state), second = reaches(x->arg(1), state);
        if (first == second) return false;
        next = first ? x->arg(0) : x->arg(1);
      } else {
        return false;
      }
      if (!next || next->type != x->type) return false;
      if (above && !only_reader(x, above)) return false;
      above = x;
      x = next;
    }
    // x reads the state at the path; the chain alone reads it.
    Path read;
    const Node* y = x;
    int64_t k;
    while (y != state && tuple_get_at(y, &k)) {
      read.insert(read.begin(), k);
      y = y->arg(0);
    }
    if (y != state || read != path || x == out) return false;
    if (!only_reader(x, above)) return false;
    return readers_of_path(state, path, 0) == 1;
  }

  // Is x the state's value read by tuple_gets, or additions into such a read?
  bool reaches(const Node* x, const Node* state) {
    int64_t k;
    for (int steps = 0; steps < 1000; ++steps) {
      if (x == state) return true;
      if (const Node* arg = handed_in(x, nullptr)) x = arg;
      else if (tuple_get_at(x, &k) || adds_at(x)) x = x->arg(0);
      else if (x->is_prim_apply(Prim::AddTangent) && x->num_args() == 2) return reaches(x->arg(0), state) || reaches(x->arg(1), state);
      else return false;
    }
    return false;
  }

  // x, a read of a direct call's result at a path where its callee hands back the accumulator
  // it is given (ir::Graph::accumulators): the argument it was given there, read out of the
  // make_tuples of the last argument (appended to *tuples when given; the last reads it), else
  // null. Also a read of an `if` whose branches are closures of such copies (handed_to_branches).
  const Node* handed_in(const Node* x, std::vector<const Node*>* tuples) {
    Path path;
    const Node* call = read_of(x, &path);
    if (path.empty() || !call->is_apply() || call->graph != x->graph || call->inputs.empty()) return nullptr;
    if (call->is_prim_apply(Prim::If)) return handed_to_branches(call, path, tuples);
    if (!call->callee()->holds_graph()) return nullptr;
    const Graph* g = call->callee()->as_graph();
    if (!g->owns_last_param || g->params.empty() || call->num_args() != g->params.size()) return nullptr;
    const Path* param = handed_back_at(g, path);
    return param ? part_made(call->arg(call->num_args() - 1), *param, call->graph, tuples) : nullptr;
  }

  // Where g's last parameter holds the accumulator g hands back at `result`, or null.
  static const Path* handed_back_at(const Graph* g, const Path& result) {
    if (!g->owns_last_param) return nullptr;
    for (const ir::Graph::Accumulator& a : g->accumulators)
      if (a.result == result) return &a.param;
    return nullptr;
  }

  // v's part at path, read out of make_tuples of graph g (appended to *tuples when given), or null.
  static const Node* part_made(const Node* v, const Path& path, const Graph* g, std::vector<const Node*>* tuples) {
    for (int64_t i : path) {
      if (!v->is_prim_apply(Prim::MakeTuple) || v->graph != g || static_cast<size_t>(i) >= v->num_args()) return nullptr;
      if (tuples) tuples->push_back(v);
      v = v->arg(static_cast<size_t>(i));
    }
    return v;
  }

  // if(c, make_closure(@A, envA), make_closure(@B, envB)), A and B copies of an `if`'s branch
  // codes that hand back the accumulator at `path` of their result from the same place of their
  // env (recursive_accumulators.cpp puts one tuple of accumulators in both envs: a recursion's
  // pullback inlined into a loop's backward body): the accumulator both are given. *tuples gets
  // the make_tuples the branches share on the way to it (the one both envs hold first), each
  // read by the one before (the first by the two envs alone, which their closures alone read,
  // which the `if` alone reads): when it is given, null where that does not hold.
  const Node* handed_to_branches(const Node* y, const Path& path, std::vector<const Node*>* tuples) {
    if (y->num_args() != 3) return nullptr;
    std::vector<const Node*> ways[2];  // each branch's closure, then the tuples down to the accumulator
    const Node* given[2];
    for (size_t b = 0; b < 2; ++b) {
      const Node* k = y->arg(1 + b);
      if (!k->is_prim_apply(Prim::MakeClosure) || k->graph != y->graph || !k->arg(0)->holds_graph()) return nullptr;
      const Path* param = handed_back_at(k->arg(0)->as_graph(), path);
      if (!param) return nullptr;
      ways[b].push_back(k);
      given[b] = part_made(k->arg(1), *param, y->graph, &ways[b]);
      if (!given[b]) return nullptr;
    }
    if (given[0] != given[1]) return nullptr;
    if (!tuples) return given[0];
    // The tuples both ways end with, and each way's own nodes before them.
    size_t shared = 0;
    while (shared < ways[0].size() && shared < ways[1].size() &&
           ways[0][ways[0].size() - 1 - shared] == ways[1][ways[1].size() - 1 - shared])
      ++shared;
    if (shared == 0 || shared == ways[0].size() || shared == ways[1].size()) return nullptr;
    std::vector<const Node*> last_own;
    for (const auto& way : ways) {
      const Node* reader = y;
      for (size_t i = 0; i + shared < way.size(); ++i) {
        if (!only_reader(way[i], reader)) return nullptr;
        reader = way[i];
      }
      last_own.push_back(reader);
    }
    const size_t first = ways[0].size() - shared;
    auto it = readers_.find(ways[0][first]);
    if (outputs_.count(ways[0][first]) || it == readers_.end() || it->second.size() != 2 ||
        !((it->second[0] == last_own[0] && it->second[1] == last_own[1]) ||
          (it->second[0] == last_own[1] && it->second[1] == last_own[0])))
      return nullptr;
    for (size_t i = first + 1; i < ways[0].size(); ++i)
      if (!only_reader(ways[0][i], ways[0][i - 1])) return nullptr;
    tuples->insert(tuples->end(), ways[0].begin() + static_cast<long>(first), ways[0].end());
    return given[0];
  }

  // The node x reads through tuple_gets, and the path (x itself and {} when it is no read).
  static const Node* read_of(const Node* x, Path* path) {
    int64_t k;
    while (tuple_get_at(x, &k)) {
      path->insert(path->begin(), k);
      x = x->arg(0);
    }
    return x;
  }

  // Does the chain alone read the call's result at x's path, and the call alone the make_tuples
  // that hand the accumulator in (each read by the one before)?
  bool handed_alone(const Node* x, const std::vector<const Node*>& tuples) {
    Path path;
    const Node* call = read_of(x, &path);
    if (readers_of_path(call, path, 0) != 1) return false;
    if (call->is_prim_apply(Prim::If)) return true;  // handed_to_branches checked its tuples
    const Node* reader = call;
    for (const Node* t : tuples) {
      if (!only_reader(t, reader)) return false;
      reader = t;
    }
    return true;
  }

  // a, or a copy of its reads (tuple_gets of what is there before the loop) to place before the
  // loop (appended to `made`); null when a is computed after the loop otherwise.
  Node* available_before(Graph* g, Node* a, size_t loop_at, std::vector<Node*>& made) {
    if (!a->is_apply() || a->graph != g || index_in(g, a) < loop_at) return a;  // parameters, constants, free variables
    int64_t k;
    if (!tuple_get_at(a, &k)) return nullptr;
    Node* tuple = available_before(g, a->arg(0), loop_at, made);
    if (!tuple) return nullptr;
    Node* copy = detached_apply(ctx_.module, g, {ctx_.module.prim(Prim::TupleGet), tuple, a->arg(1)}, a->loc, a->type, a->name);
    made.push_back(copy);
    return copy;
  }

  // The zero of a number or of a tuple of numbers, written out (null for anything else): the
  // zero of the whole state it is a part of, which holds the tensor being started elsewhere,
  // is then not made at all.
  Node* zero_of_numbers(Graph* g, const Type* t, SourceLoc loc, std::vector<Node*>& made) {
    if (t->kind == TypeKind::I64) return typed_constant(ctx_.module, int64_t{0}, t, loc);
    if (t->kind == TypeKind::F64) return typed_constant(ctx_.module, 0.0, t, loc);
    if (t->kind != TypeKind::Tuple) return nullptr;
    std::vector<Node*> inputs{ctx_.module.prim(Prim::MakeTuple)};
    for (const Type* e : t->elems) {
      Node* z = zero_of_numbers(g, e, loc, made);
      if (!z) return nullptr;
      inputs.push_back(z);
    }
    Node* tuple = detached_apply(ctx_.module, g, std::move(inputs), loc, t);
    made.push_back(tuple);
    return tuple;
  }

  // init with `start` at path[d..]: make_tuples copied along the path, a zero of a tuple written
  // out (numbers as 0); null when the place is not a zero or the rest cannot be written.
  Node* with_start(Graph* g, Node* init, const Path& path, size_t d, Node* start, std::vector<Node*>& made) {
    if (d == path.size()) return is_zero(init) ? start : nullptr;
    const Type* t = init->type;
    if (!t || t->kind != TypeKind::Tuple || static_cast<size_t>(path[d]) >= t->elems.size()) return nullptr;
    std::vector<Node*> elems;
    const bool zero = is_zero(init);
    if (!zero && !init->is_prim_apply(Prim::MakeTuple)) return nullptr;
    for (size_t i = 0; i < t->elems.size(); ++i) {
      if (static_cast<int64_t>(i) == path[d]) continue;
      if (!zero) {
        elems.push_back(init->arg(i));
        continue;
      }
      const Type* e = t->elems[i];
      if (Node* number = zero_of_numbers(g, e, init->loc, made)) {
        elems.push_back(number);
      } else {  // the zero's own component, which a later rewrite may start elsewhere too
        Node* index = typed_constant(ctx_.module, static_cast<int64_t>(i), ctx_.store.i64(), init->loc);
        Node* part = detached_apply(ctx_.module, g, {ctx_.module.prim(Prim::TupleGet), init, index}, init->loc, e);
        made.push_back(part);
        elems.push_back(part);
      }
    }
    Node* inner;
    if (zero) {
      if (d + 1 != path.size()) return nullptr;  // a zero nested deeper: not written out
      inner = start;
    } else {
      inner = with_start(g, init->arg(static_cast<size_t>(path[d])), path, d + 1, start, made);
    }
    if (!inner) return nullptr;
    elems.insert(elems.begin() + path[d], inner);
    std::vector<Node*> inputs{ctx_.module.prim(Prim::MakeTuple)};
    inputs.insert(inputs.end(), elems.begin(), elems.end());
    std::vector<const Type*> types;
    for (const Node* e : elems) types.push_back(e->type);
    Node* tuple = detached_apply(ctx_.module, g, std::move(inputs), init->loc, ctx_.store.tuple(types), init->name);
    made.push_back(tuple);
    return tuple;
  }

  PassContext& ctx_;
  Readers readers_;
  std::unordered_map<const Node*, size_t> outputs_;
};

}  // namespace

bool start_loop_accumulators(PassContext& ctx) { return LoopAccumulators(ctx).run(); }

}  // namespace fx::opt
