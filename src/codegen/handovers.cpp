#include "codegen/handovers.hpp"

#include <map>
#include <variant>

#include "ir/elementwise.hpp"
#include "types/type.hpp"

namespace fx::codegen {

using ir::Graph;
using ir::Node;
using ir::Prim;

namespace {

// The nodes that the graphs g names (as code or as closure values) read: never handed over.
std::set<const Node*> captured_by_nested(const Graph* g, const FreeVariables& fvs) {
  std::set<const Node*> out;
  auto visit = [&](const Node* x) {
    if (x->holds_graph())
      for (const Node* fv : fvs.of(x->as_graph())) out.insert(fv);
  };
  for (const Node* n : g->body)
    for (const Node* x : evaluated_inputs(n)) visit(x);
  if (g->output) visit(g->output);
  return out;
}

bool constant_index(const Node* n, int64_t* k) {
  const Node* i = n->arg(1);
  if (!i->is_constant() || !std::holds_alternative<int64_t>(i->value)) return false;
  *k = i->as_int();
  return true;
}

}  // namespace

Handovers::Handovers(const std::vector<const Graph*>& graphs, const FreeVariables& fvs) {
  // The bodies of while loops, when loops are the only places that name them: as a graph
  // constant, or as the code of a converted closure that loops alone read.
  std::map<const Graph*, int> as_body, elsewhere;
  std::map<const Graph*, size_t> params_of_body;  // the code's parameters: (state) or (env, state)
  std::map<const Node*, int> closure_reads, closure_as_body;
  auto count = [&](const Node* x, bool body_slot) {
    if (x->holds_graph()) {
      ++(body_slot ? as_body : elsewhere)[x->as_graph()];
      if (body_slot) params_of_body[x->as_graph()] = 1;
    }
    if (x->is_prim_apply(Prim::MakeClosure)) {
      ++closure_reads[x];
      if (body_slot) ++closure_as_body[x];
    }
  };
  for (const Graph* g : graphs) {
    for (const Node* n : g->body) {
      std::vector<const Node*> inputs = evaluated_inputs(n);
      for (size_t i = 0; i < inputs.size(); ++i) count(inputs[i], n->is_prim_apply(Prim::While) && i == 2);
    }
    if (g->output) count(g->output, false);
  }
  for (const auto& [c, reads] : closure_reads) {
    if (!c->arg(0)->holds_graph() || closure_as_body[c] != reads) continue;
    const Graph* code = c->arg(0)->as_graph();
    --elsewhere[code];  // the make_closure's own reference to its code
    as_body[code] += reads;
    params_of_body[code] = 2;
  }
  for (const auto& [g, count] : as_body)
    if (count >= 1 && elsewhere[g] == 0 && g->params.size() == params_of_body[g]) owned_state_.insert(g);
  // Graphs whose callers hand over their last argument (an accumulator threaded through a
  // recursion, ir::Graph::owns_last_param): the caller counts it once more where it cannot.
  for (const Graph* g : graphs)
    if (g->owns_last_param && !g->params.empty()) owned_state_.insert(g);
  for (const Graph* g : graphs) analyse(g, fvs);
}

const std::set<int64_t>& Handovers::stolen(const Node* x) const {
  static const std::set<int64_t> none;
  auto it = stolen_.find(x);
  return it == stolen_.end() ? none : it->second;
}

const OperandSet& Handovers::consumed(const Node* n) const {
  static const OperandSet none;
  auto it = consumed_.find(n);
  return it == consumed_.end() ? none : it->second;
}

// The tuple_gets of an owned tuple take its elements out when they are all that reads it, one
// per element.
void Handovers::steal_elements(const Node* tuple, const Graph* g, const std::set<const Node*>& captured) {
  if (tuple == g->output || captured.count(tuple) || !tuple->type || tuple->type->kind != types::TypeKind::Tuple) return;
  std::map<int64_t, std::vector<const Node*>> readers;
  for (const Node* n : g->body)
    for (size_t i = 0; i < n->inputs.size(); ++i) {
      if (n->inputs[i] != tuple) continue;
      int64_t k;
      if (i != 1 || !n->is_prim_apply(Prim::TupleGet) || !constant_index(n, &k) || k < 0) return;
      readers[k].push_back(n);
    }
  for (const auto& [k, nodes] : readers)
    if (nodes.size() == 1) {
      stealing_.insert(nodes[0]);
      stolen_[tuple].insert(k);
    }
}

// A part of a borrowed value is borrowed as well (handovers.hpp); parts of parts too.
void Handovers::borrow_parts(const Graph* g) {
  auto borrowed = [&](const Node* x) {
    if (x->is_parameter()) return x->graph != g || !owns_state(g) || x != g->params.back();
    if (x->is_apply()) return x->graph != g || borrowing_.count(x) != 0;
    return false;
  };
  for (const Node* n : g->body) {
    const bool part = n->is_prim_apply(Prim::TupleGet) ||
                      (n->is_prim_apply(Prim::GetAttr) && n->arg(0)->type && n->arg(0)->type->kind == types::TypeKind::Struct);
    if (part && borrowed(n->arg(0))) borrowing_.insert(n);
  }
}

// The operand an elementwise f64 operation could write its result into: the first f64 tensor
// operand of the result's own type, when every other operand is one too or a number (-1 if none).
static int in_place_operand(const Node* n) {
  Prim p;
  const types::Type* t = n->type;
  if (!n->prim_callee(&p) || !ir::elementwise_f64(p) || !n->keywords.empty() || !t ||
      t->kind != types::TypeKind::Tensor || !t->dtype || t->dtype->kind != types::TypeKind::F64)
    return -1;
  int found = -1;
  for (size_t i = 0; i < n->num_args(); ++i) {
    const types::Type* a = n->arg(i)->type;
    if (!a) return -1;
    const bool number = a->kind == types::TypeKind::F64 || a->kind == types::TypeKind::I64;
    const bool f64_tensor = a->kind == types::TypeKind::Tensor && a->dtype && a->dtype->kind == types::TypeKind::F64;
    if (!number && !f64_tensor) return -1;
    if (found < 0 && a == t) found = static_cast<int>(i);
  }
  return found;
}

// May node n (the j-th of g) take its operand x: an owned value at its last read, read once by n?
static bool at_last_read(const Node* n, const Node* x, size_t j, const Graph* g, const std::set<const Node*>& captured,
                         const std::unordered_map<const Node*, size_t>& last_read) {
  // An owned accumulator parameter (ir::Graph::owns_last_param) is handed on like a node.
  const bool owned_param = x->is_parameter() && g->owns_last_param && !g->params.empty() && x == g->params.back();
  if ((!x->is_apply() && !owned_param) || x->graph != g || !x->type || x == g->output || captured.count(x)) return false;
  auto it = last_read.find(x);
  if (it == last_read.end() || it->second != j) return false;
  size_t reads = 0;
  for (const Node* y : n->inputs) reads += y == x;
  return reads == 1;
}

void Handovers::analyse(const Graph* g, const FreeVariables& fvs) {
  const std::set<const Node*> captured = captured_by_nested(g, fvs);
  // Where each value is read last (body index), counting every input position.
  std::unordered_map<const Node*, size_t> last_read;
  for (size_t j = 0; j < g->body.size(); ++j)
    for (const Node* x : g->body[j]->inputs) last_read[x] = j;

  if (owns_state(g)) steal_elements(g->params.back(), g, captured);
  for (const Node* n : g->body) steal_elements(n, g, captured);

  borrow_parts(g);
  auto can_take = [&](const Node* n, const Node* x, size_t j) {
    return at_last_read(n, x, j, g, captured, last_read) && !borrowing_.count(x) && !handed_over_.count(x) &&
           stolen(x).empty();
  };
  for (size_t j = 0; j < g->body.size(); ++j) {
    const Node* n = g->body[j];
    if (n->is_prim_apply(Prim::SetIndex) || n->is_prim_apply(Prim::RowsAppend)) {
      const Node* x = n->arg(0);
      if (x->type && x->type->kind == types::TypeKind::Tensor && can_take(n, x, j)) take(n, 0, x);
    } else if (int i = in_place_operand(n); i >= 0) {
      // An elementwise f64 operation whose tensor operand dies here: native code writes the
      // result into that operand's storage when nobody else holds it (elementwise_loops.cpp).
      if (can_take(n, n->arg(static_cast<size_t>(i)), j)) take(n, static_cast<size_t>(i), n->arg(static_cast<size_t>(i)));
    } else if (n->is_prim_apply(Prim::AddTangent)) {
      // An accumulation `acc = add_tangent(acc, x)` whose old value dies here: the runtime
      // adds into acc's storage (interp/tangent_leaves.cpp) instead of making a new tensor.
      const Node* x = n->arg(0);
      if (x->type && x->type->kind == types::TypeKind::Tensor && x->type == n->type && can_take(n, x, j)) take(n, 0, x);
    } else if (n->is_prim_apply(Prim::MatMulVjpAAdd) || n->is_prim_apply(Prim::MatMulVjpBAdd)) {
      // The accumulator a product is added into (opt/matmul_accumulate.cpp), likewise.
      const Node* x = n->arg(2);
      if (x->type && x->type->kind == types::TypeKind::Tensor && x->type == n->type && can_take(n, x, j)) take(n, 2, x);
    } else if (n->is_prim_apply(Prim::ListPush) || n->is_prim_apply(Prim::ListPop)) {
      const Node* x = n->arg(0);
      if (x->type == n->type && can_take(n, x, j)) take(n, 0, x);
    } else if (n->is_prim_apply(Prim::MakeClosure) && n->num_args() == 2 && n->arg(0)->holds_graph() &&
               n->arg(0)->as_graph()->owns_last_param) {
      // The env of a closure whose code owns it (an `if` branch taking an accumulator).
      const Node* x = n->arg(1);
      if (n->type && n->type->kind == types::TypeKind::Explicit && x->type == n->type->elems.at(0) && can_take(n, x, j))
        take(n, 1, x);
    } else if (n->is_prim_apply(Prim::If) && n->num_args() == 3) {
      // The branch closures, when both codes own their env: the branch run releases the
      // other closure first, so that its accumulator is held once.
      const Node* a = n->arg(1);
      const Node* b = n->arg(2);
      auto owning = [](const Node* k) {
        return k->is_prim_apply(Prim::MakeClosure) && k->num_args() == 2 && k->arg(0)->holds_graph() &&
               k->arg(0)->as_graph()->owns_last_param;
      };
      if (a != b && owning(a) && owning(b) && can_take(n, a, j) && can_take(n, b, j)) {
        take(n, 1, a);
        take(n, 2, b);
      }
    } else if (!n->inputs.empty() && n->callee()->holds_graph() && n->callee()->as_graph()->owns_last_param &&
               n->num_args() > 0) {
      // The accumulator argument of a graph that owns it.
      const Node* x = n->arg(n->num_args() - 1);
      if (can_take(n, x, j)) take(n, n->num_args() - 1, x);
    } else if (n->is_prim_apply(Prim::MakeTuple) && n->type && n->type->kind == types::TypeKind::Tuple) {
      for (size_t i = 0; i < n->num_args(); ++i) {
        const Node* x = n->arg(i);
        if (i < n->type->elems.size() && x->type == n->type->elems[i] && can_take(n, x, j)) take(n, i, x);
      }
    }
  }
}

void Handovers::take(const Node* n, size_t operand, const Node* x) {
  consumed_[n].insert(operand);
  handed_over_.insert(x);
}

}  // namespace fx::codegen
