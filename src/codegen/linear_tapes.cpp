#include "codegen/linear_tapes.hpp"

#include <utility>
#include <variant>

#include "types/type.hpp"

namespace fx::codegen {

using ir::Graph;
using ir::Node;
using ir::Prim;

namespace {

// Who reads each node: (reader, input index; 0 is the callee), and how many graphs return it.
struct Readers {
  std::map<const Node*, std::vector<std::pair<const Node*, size_t>>> inputs;
  std::map<const Node*, int> returned;

  explicit Readers(const std::vector<const Graph*>& graphs) {
    for (const Graph* g : graphs) {
      for (const Node* n : g->body)
        for (size_t i = 0; i < n->inputs.size(); ++i) inputs[n->inputs[i]].emplace_back(n, i);
      if (g->output) ++returned[g->output];
    }
  }
  // Is x read once, as input i of n, and returned by no graph?
  bool only(const Node* x, const Node* n, size_t i) const {
    auto it = inputs.find(x);
    return it != inputs.end() && it->second.size() == 1 && it->second[0] == std::make_pair(n, i) && !returned.count(x);
  }
  int returns(const Node* x) const {
    auto it = returned.find(x);
    return it == returned.end() ? 0 : it->second;
  }
  const std::vector<std::pair<const Node*, size_t>>& of(const Node* x) const {
    static const std::vector<std::pair<const Node*, size_t>> none;
    auto it = inputs.find(x);
    return it == inputs.end() ? none : it->second;
  }
};

// Are a and b the same count: one node, or equal integer constants?
bool same_count(const Node* a, const Node* b) {
  if (a == b) return true;
  return a->is_constant() && b->is_constant() && std::holds_alternative<int64_t>(a->value) &&
         std::holds_alternative<int64_t>(b->value) && a->as_int() == b->as_int();
}

// The graph a loop's condition or body operand runs: a graph constant, or a closure made of one.
const Graph* code_of(const Node* f) {
  if (f->holds_graph()) return f->as_graph();
  if (f->is_prim_apply(Prim::MakeClosure) && f->arg(0)->holds_graph()) return f->arg(0)->as_graph();
  return nullptr;
}

// The tuple_gets of element k of the state parameter p, or false when p is read otherwise.
bool element_reads(const Readers& readers, const Node* p, int64_t k, std::vector<const Node*>* out) {
  if (readers.returned.count(p)) return false;
  for (const auto& [n, i] : readers.of(p)) {
    const Node* index = n->num_args() == 2 ? n->arg(1) : nullptr;
    if (i != 1 || !n->is_prim_apply(Prim::TupleGet) || !index || !index->is_constant() ||
        !std::holds_alternative<int64_t>(index->value))
      return false;
    if (index->as_int() == k) out->push_back(n);
  }
  return true;
}

// The list_push through which the body extends element k of its state linearly, else null.
const Node* linear_push(const Readers& readers, const Handovers& handovers, const Graph* body, size_t k) {
  const Node* out = body->output;
  if (!out || !out->is_prim_apply(Prim::MakeTuple) || out->num_args() <= k || readers.returns(out) != 1 ||
      !readers.of(out).empty())
    return nullptr;
  std::vector<const Node*> reads;
  if (!element_reads(readers, body->params.back(), static_cast<int64_t>(k), &reads) || reads.size() != 1) return nullptr;
  const Node* push = out->arg(k);
  if (!push->is_prim_apply(Prim::ListPush) || push->graph != body || push->arg(0) != reads[0] ||
      !readers.only(reads[0], push, 1) || !readers.only(push, out, k + 1) || !handovers.consumed(push).contains(0))
    return nullptr;
  return push;
}

}  // namespace

LinearTapes find_linear_tapes(const std::vector<const Graph*>& graphs, const Handovers& handovers) {
  const Readers readers(graphs);
  // A body's push is emitted once, so it is linear only if every loop that runs the body (the
  // derivatives of one function, expanded twice, share it) pushes linearly through it.
  std::map<const Graph*, int> loops_of;
  struct Candidate {
    const Node* loop;
    size_t k;
    const Node* tape;
    const Node* push;
  };
  std::map<std::pair<const Graph*, size_t>, std::vector<Candidate>> by_body;
  for (const Graph* g : graphs)
    for (const Node* loop : g->body) {
      if (!loop->is_prim_apply(Prim::While)) continue;
      const Graph* body = code_of(loop->arg(1));
      if (body) ++loops_of[body];
      const Graph* cond = code_of(loop->arg(0));
      if (loop->num_args() != 4 || !cond || !body || cond->params.empty() || body->params.empty() ||
          !handovers.owns_state(body) || body->owns_last_param)
        continue;
      const Node* init = loop->arg(2);
      if (!init->is_prim_apply(Prim::MakeTuple) || !readers.only(init, loop, 3)) continue;
      for (size_t k = 0; k < init->num_args(); ++k) {
        const Node* tape = init->arg(k);
        if (!tape->is_prim_apply(Prim::ListEmpty) || tape->num_args() != 1 || !same_count(tape->arg(0), loop->arg(3)) ||
            !tape->type || tape->type->kind != types::TypeKind::List ||
            tape->type->elems[0]->kind == types::TypeKind::Bottom || !readers.only(tape, init, k + 1))
          continue;
        std::vector<const Node*> cond_reads;
        if (!element_reads(readers, cond->params.back(), static_cast<int64_t>(k), &cond_reads) || !cond_reads.empty())
          continue;
        if (const Node* push = linear_push(readers, handovers, body, k))
          by_body[{body, k}].push_back({loop, k, tape, push});
      }
    }
  LinearTapes found;
  for (const auto& [at, candidates] : by_body) {
    if (static_cast<int>(candidates.size()) != loops_of[at.first]) continue;
    for (const Candidate& c : candidates) {
      found.tapes.insert(c.tape);
      found.pushes.insert(c.push);
      found.loops[c.loop].push_back(c.k);
    }
  }
  return found;
}

}  // namespace fx::codegen
