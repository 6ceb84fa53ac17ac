// Loop normalisation (dF~ §5.1): a counted loop that appends one number per iteration, the
// same elementwise expression of the counter's elements of vectors it does not change,
//   k = 0; rows = []; while k < n: rows = rows_append(rows, f(v[k], w[k], s)); k = k + 1
// with n the vectors' length, builds f(v, w, s) — one vector operation each, no loop. This is
// what jacfwd's direction loop becomes once the products with its basis vectors are indexing
// (one_hot_products.cpp, loop_env_checks.cpp): the gradient of dot(v1, v2) with respect to v1,
// v2[k] + 0.0 row by row, is v2 + 0.0 — the result the reverse mode computes, in O(n).
// Each element of the vector operation is the scalar operation the loop ran on it (IEEE add,
// sub, mul, div and neg are elementwise), so the values agree to the bit. The loop goes only
// when it can do nothing else: its counter reads every vector in range (n is each one's
// length, by type or because n is len(v) of that vector), the rest of its condition and body
// has no effect and cannot fail (removable.cpp), and nothing but its final counter and rows
// is read (they become n and the vector).
// Derivative code's loops are converted (their graphs read the values from outside through
// their env, loop_env.hpp); a typed loop's graphs read them as free variables: a comprehension
// [v[i] * s + w[i] for i in range(len(v))] is the same loop, and becomes v * s + w when w's
// length is v's (by type, or a dot of the two ran before).
#include <functional>

#include "opt/loop_env.hpp"
#include "opt/pass.hpp"
#include "opt/removable.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Graph;
using ir::Node;
using ir::Prim;
using types::TypeKind;

// A loop graph with the values it reads from outside: its env tuple (converted code) or none
// (a graph constant, whose free variables are the outer graph's nodes).
struct Code {
  const Graph* graph = nullptr;
  const Node* env = nullptr;
  const Node* state = nullptr;  // the parameter holding the loop's state
};

bool code_of(const Node* x, Code* out) {
  if (x->holds_graph() && x->as_graph()->params.size() == 1) {
    *out = {x->as_graph(), nullptr, x->as_graph()->params[0]};
    return true;
  }
  if (x->is_prim_apply(Prim::MakeClosure) && x->num_args() == 2 && x->arg(0)->holds_graph() &&
      x->arg(1)->is_prim_apply(Prim::MakeTuple) && x->arg(0)->as_graph()->params.size() == 2) {
    const Graph* g = x->arg(0)->as_graph();
    *out = {g, x->arg(1), g->params[1]};
    return true;
  }
  return false;
}

bool is_string(const Node* x, const char* s) {
  return x->is_constant() && std::holds_alternative<std::string>(x->value) && x->as_str() == s;
}

// tuple_get(state, i)?
bool state_part(const Code& c, const Node* x, int64_t i) {
  int64_t j;
  return x->is_prim_apply(Prim::TupleGet) && x->num_args() == 2 && x->arg(0) == c.state && constant_int(x->arg(1), &j) &&
         j == i;
}

// Is g an ancestor of (or) h?
bool encloses(const Graph* g, const Graph* h) {
  for (; h; h = h->parent)
    if (h == g) return true;
  return false;
}

// The node of `outer` that x, a node of loop code c, reads from outside the loop: a constant,
// an env element (converted code) or a free variable visible in outer; null otherwise.
const Node* outside(const Code& c, const Node* x, const Graph* outer) {
  if (x->is_constant()) return x;
  int64_t i;
  if (c.env) {
    if (x->is_prim_apply(Prim::TupleGet) && x->num_args() == 2 && x->arg(0) == c.graph->params[0] &&
        constant_int(x->arg(1), &i) && i >= 0 && static_cast<size_t>(i) < c.env->num_args())
      return c.env->arg(static_cast<size_t>(i));
    return nullptr;
  }
  return x->graph && x->graph != c.graph && encloses(x->graph, outer) ? x : nullptr;
}

bool f64_vector_type(const types::Type* t) {
  const types::Type* d = t ? types::dtype_of(t) : nullptr;
  return t && types::is_tensor(t) && types::rank_of(t) == 1 && d && d->kind == TypeKind::F64;
}
bool f64_vector(const Node* x) { return f64_vector_type(x->type); }

// Is n (a node of outer) the length of vector v: its known extent, or len(u), u.shape[0] of u = v
// or of a vector u whose length is v's by a dot of the two before the loop, or by the check the
// graph runs under (a versioned loop's fast copy, loop_versions.cpp)?
bool length_of(const ir::Module& m, const Node* n, const Node* v, const LoopSite& site) {
  int64_t e;
  if (constant_int(n, &e)) return e >= 0 && types::extent(v->type, 0) == e;
  const Node* u = nullptr;
  int64_t axis;
  if (n->is_prim_apply(Prim::Len) && n->num_args() == 1) {
    u = n->arg(0);
  } else if (n->is_prim_apply(Prim::TupleGet) && n->num_args() == 2 && constant_int(n->arg(1), &axis) && axis == 0) {
    const Node* s = n->arg(0);
    if (s->is_prim_apply(Prim::GetAttr) && s->num_args() == 2 && is_string(s->arg(1), "shape")) u = s->arg(0);
  }
  if (!u || !u->type || !types::is_tensor(u->type) || types::rank_of(u->type) != 1) return false;
  return equal_lengths(m, site, u, v);
}

bool elementwise(Prim p, size_t args) {
  return (args == 2 && (p == Prim::Add || p == Prim::Sub || p == Prim::Mul || p == Prim::Div)) ||
         (args == 1 && p == Prim::Neg);
}

// One loop to replace: its site, the row expression and the length it runs to.
struct RowLoop {
  const Graph* outer;
  Node* loop;
  Code body;
  const Node* row;    // the number appended (a node of the body)
  const Node* bound;  // n, a node of outer
  int64_t counter;    // the counter's place in the state (the rows are in the other)
};

// Rewrites the row expression of r into outer as vector operations; null when a part of it is
// not elementwise on the counter's elements or loop invariants. `nodes` collects the body nodes
// it consists of, `placed` the new nodes, in order.
class Vectorise {
 public:
  Vectorise(PassContext& ctx, const RowLoop& r, std::vector<Node*>& placed) : ctx_(ctx), r_(r), placed_(placed) {}

  Node* operator()(const Node* x) {
    if (auto it = done_.find(x); it != done_.end()) return it->second;
    Node* out = make(x);
    if (out) done_[x] = out;
    return out;
  }
  bool read_vector() const { return vectors_ > 0; }
  bool part(const Node* x) const { return done_.count(x) != 0; }

 private:
  Node* make(const Node* x) {
    if (!x->type || x->type->kind != TypeKind::F64) return nullptr;
    if (const Node* o = outside(r_.body, x, r_.outer)) return const_cast<Node*>(o);  // a loop invariant
    if (x->graph != r_.body.graph) return nullptr;
    int64_t at;
    if (x->is_prim_apply(Prim::Index) && x->num_args() == 3 && is_string(x->arg(1), "i") && constant_int(x->arg(2), &at)) {
      // v[c] of a loop-invariant vector whose type says c is in range: a number computed once,
      // outside (it cannot fail).
      const Node* v = outside(r_.body, x->arg(0), r_.outer);
      if (!v || v->is_constant() || !f64_vector(v) || at < 0 || at >= types::extent(v->type, 0)) return nullptr;
      return place({ctx_.module.prim(Prim::Index), const_cast<Node*>(v), const_cast<Node*>(x->arg(1)),
                    const_cast<Node*>(x->arg(2))},
                   x, x->type);
    }
    if (x->is_prim_apply(Prim::Index) && x->num_args() == 3 && is_string(x->arg(1), "i") && state_part(r_.body, x->arg(2), r_.counter)) {
      const Node* v = outside(r_.body, x->arg(0), r_.outer);
      if (!v || v->is_constant() || !f64_vector(v) || !length_of(ctx_.module, r_.bound, v, {r_.outer, r_.loop, r_.body.env}))
        return nullptr;
      ++vectors_;
      return const_cast<Node*>(v);
    }
    Prim p;
    if (!x->prim_callee(&p) || !elementwise(p, x->num_args())) return nullptr;
    std::vector<Node*> inputs{ctx_.module.prim(p)};
    // The result's type: its vector operands' when they have one (their extents known alike),
    // else the rows' (a vector of f64).
    const types::Type* type = nullptr;
    bool one_type = true;
    for (size_t i = 0; i < x->num_args(); ++i) {
      Node* a = (*this)(x->arg(i));
      if (!a) return nullptr;
      if (types::is_tensor(a->type)) {
        one_type = one_type && (!type || type == a->type);
        if (!type) type = a->type;
      }
      inputs.push_back(a);
    }
    // An operation of loop invariants only is a number, computed once outside (an IEEE
    // operation on numbers cannot fail).
    if (!type) return place(std::move(inputs), x, x->type);
    return place(std::move(inputs), x, one_type ? type : r_.loop->type->elems[static_cast<size_t>(1 - r_.counter)]);
  }

  Node* place(std::vector<Node*> inputs, const Node* x, const types::Type* type) {
    Node* made = detached_apply(ctx_.module, const_cast<Graph*>(r_.outer), std::move(inputs), x->loc, type, x->name);
    placed_.push_back(made);
    return made;
  }

  PassContext& ctx_;
  const RowLoop& r_;
  std::vector<Node*>& placed_;
  std::unordered_map<const Node*, Node*> done_;
  int vectors_ = 0;
};

// Does every node of g, but those in `kept`, have no effect and no way to fail?
bool rest_removable(const Graph* g, const std::function<bool(const Node*)>& kept) {
  for (const Node* n : g->body)
    if (!kept(n) && !is_removable(n, false)) return false;
  return true;
}

// The row loop `loop` is, or false.
bool row_loop(const Graph* outer, Node* loop, RowLoop* out) {
  if (!loop->is_prim_apply(Prim::While) || loop->num_args() < 3 || !loop->type || loop->type->kind != TypeKind::Tuple ||
      loop->type->elems.size() != 2)
    return false;
  Code cond, body;
  if (!code_of(loop->arg(0), &cond) || !code_of(loop->arg(1), &body)) return false;
  // The state: (k, rows) as jacfwd builds it, or (rows, k) as a comprehension does, from (0, []).
  const Node* init = loop->arg(2);
  if (!init->is_prim_apply(Prim::MakeTuple) || init->num_args() != 2) return false;
  int64_t zero;
  int64_t c = init->arg(1)->is_prim_apply(Prim::RowsEmpty) ? 0 : 1;
  if (!constant_int(init->arg(static_cast<size_t>(c)), &zero) || zero != 0 ||
      !init->arg(static_cast<size_t>(1 - c))->is_prim_apply(Prim::RowsEmpty) ||
      !f64_vector_type(loop->type->elems[static_cast<size_t>(1 - c)]))
    return false;
  // cond: k < n
  const Node* test = cond.graph->output;
  if (!test || !test->is_prim_apply(Prim::Lt) || test->num_args() != 2 || !state_part(cond, test->arg(0), c)) return false;
  const Node* bound = outside(cond, test->arg(1), outer);
  if (!bound) return false;
  // body: (k + 1, rows_append(rows, row)), in the same order
  const Node* next = body.graph->output;
  if (!next || !next->is_prim_apply(Prim::MakeTuple) || next->num_args() != 2) return false;
  const Node* step = next->arg(static_cast<size_t>(c));
  const Node* rows = next->arg(static_cast<size_t>(1 - c));
  int64_t one;
  if (!step->is_prim_apply(Prim::Add) || step->num_args() != 2 || !state_part(body, step->arg(0), c) ||
      !constant_int(step->arg(1), &one) || one != 1)
    return false;
  if (!rows->is_prim_apply(Prim::RowsAppend) || rows->num_args() != 2 || !state_part(body, rows->arg(0), 1 - c)) return false;
  if (!rest_removable(cond.graph, [&](const Node* n) { return n == test || state_part(cond, n, c); })) return false;
  *out = {outer, loop, body, rows->arg(1), bound, c};
  return true;
}

// May the counter and rows stand for every reader (tuple_get(loop, 0) and (loop, 1))?
bool can_replace_all(const std::vector<Node*>& readers, const RowLoop& r, const Node* vector) {
  for (const Node* reader : readers) {
    int64_t i;
    constant_int(reader->arg(1), &i);
    if (!can_replace(reader, i == r.counter ? r.bound : vector)) return false;
  }
  return true;
}

// full((n,), s) for a row loop whose every row is the number s (placed in r.outer), when its
// bound n is a length (so n >= 0, the number of rows); null otherwise.
Node* filled(PassContext& ctx, const RowLoop& r, Node* s, std::vector<Node*>& placed) {
  int64_t n;
  const bool length = constant_int(r.bound, &n) ? n >= 0 : length_operand(r.bound) != nullptr;
  if (!length || !s->type || s->type->kind != TypeKind::F64) return nullptr;
  Graph* outer = const_cast<Graph*>(r.outer);
  Node* shape = detached_apply(ctx.module, outer, {ctx.module.prim(Prim::MakeTuple), const_cast<Node*>(r.bound)},
                               r.loop->loc, ctx.store.tuple({ctx.store.i64()}));
  Node* full = detached_apply(ctx.module, outer, {ctx.module.prim(Prim::Full), shape, s}, r.loop->loc,
                              r.loop->type->elems[static_cast<size_t>(1 - r.counter)]);
  placed.push_back(shape);
  placed.push_back(full);
  return full;
}

}  // namespace

bool normalise_row_loops(PassContext& ctx) {
  // Under --check-nan each scalar operation reports the nan it makes, at its node; under
  // --max-loop-iterations a loop that runs too long is an error: keep the loops.
  if (ctx.options.check_nan || ctx.options.limited_loops) return false;
  std::unordered_map<const Node*, size_t> uses = count_uses(ctx.module);
  // Who reads each loop: only tuple_get(loop, 0) and tuple_get(loop, 1), its final state, may.
  std::unordered_map<const Node*, std::vector<Node*>> readers;
  for (const auto& g : ctx.module.graphs)
    for (Node* n : g->body)
      for (Node* in : n->inputs)
        if (in->is_prim_apply(Prim::While)) readers[in].push_back(n);
  Replacements replaced;
  bool changed = false;
  for (ir::Graph* g : typed_graphs(ctx.module)) {
    std::vector<Node*> body = g->body;  // detached_apply touches g->body
    std::vector<Node*> rewritten;
    for (Node* n : body) {
      RowLoop r;
      std::vector<Node*> placed;
      Node* vector = nullptr;
      bool only_parts = uses[n] == readers[n].size();
      for (const Node* reader : readers[n]) {
        int64_t i;
        only_parts = only_parts && reader->is_prim_apply(Prim::TupleGet) && reader->num_args() == 2 &&
                     constant_int(reader->arg(1), &i) && (i == 0 || i == 1);
      }
      if (only_parts && row_loop(g, n, &r)) {
        Vectorise vectorise(ctx, r, placed);
        vector = vectorise(r.row);
        // A row that is the same number s in every iteration: full((n,), s), n a length (>= 0).
        if (vector && !vectorise.read_vector()) vector = filled(ctx, r, vector, placed);
        // Every other node of the body: the counter's reads and step, or removable.
        const Node* next = r.body.graph->output;
        bool rest = vector && rest_removable(r.body.graph, [&](const Node* x) {
                      return vectorise.part(x) || x == next || x == next->arg(0) || x == next->arg(1) ||
                             state_part(r.body, x, 0) || state_part(r.body, x, 1);
                    });
        if (!rest) vector = nullptr;
      }
      if (!vector || !can_replace_all(readers[n], r, vector)) {
        rewritten.push_back(n);
        continue;
      }
      rewritten.insert(rewritten.end(), placed.begin(), placed.end());
      // The final counter is n (n >= 0: a length), the rows are the vector; the loop, read by
      // nothing else, leaves the body.
      for (Node* reader : readers[n]) {
        int64_t i;
        constant_int(reader->arg(1), &i);
        replaced.add(reader, i == r.counter ? const_cast<Node*>(r.bound) : vector);
      }
      changed = true;
    }
    g->body = std::move(rewritten);
  }
  return replaced.apply(ctx.module) || changed;
}

}  // namespace fx::opt
