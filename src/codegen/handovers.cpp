#include "codegen/handovers.hpp"

#include <map>
#include <variant>

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
  // The bodies of while loops, when a loop is the only place that names them.
  std::map<const Graph*, int> as_body, elsewhere;
  for (const Graph* g : graphs) {
    for (const Node* n : g->body) {
      std::vector<const Node*> inputs = evaluated_inputs(n);
      for (size_t i = 0; i < inputs.size(); ++i) {
        if (!inputs[i]->holds_graph()) continue;
        if (n->is_prim_apply(Prim::While) && i == 2) ++as_body[inputs[i]->as_graph()];
        else ++elsewhere[inputs[i]->as_graph()];
      }
    }
    if (g->output && g->output->holds_graph()) ++elsewhere[g->output->as_graph()];
  }
  for (const auto& [g, count] : as_body)
    if (count == 1 && !elsewhere.count(g) && g->params.size() == 1) owned_state_.insert(g);
  for (const Graph* g : graphs) analyse(g, fvs);
}

const std::set<int64_t>& Handovers::stolen(const Graph* g) const {
  static const std::set<int64_t> none;
  auto it = stolen_.find(g);
  return it == stolen_.end() ? none : it->second;
}

uint64_t Handovers::consumed(const Node* n) const {
  auto it = consumed_.find(n);
  return it == consumed_.end() ? 0 : it->second;
}

void Handovers::analyse(const Graph* g, const FreeVariables& fvs) {
  const std::set<const Node*> captured = captured_by_nested(g, fvs);
  // Where each value is read last (body index), counting every input position.
  std::unordered_map<const Node*, size_t> last_read;
  for (size_t j = 0; j < g->body.size(); ++j)
    for (const Node* x : g->body[j]->inputs) last_read[x] = j;

  if (owns_state(g)) {
    const Node* state = g->params[0];
    bool only_element_reads = state != g->output && !captured.count(state) && state->type &&
                              state->type->kind == types::TypeKind::Tuple;
    std::map<int64_t, std::vector<const Node*>> readers;
    for (const Node* n : g->body)
      for (size_t i = 0; i < n->inputs.size(); ++i) {
        if (n->inputs[i] != state) continue;
        int64_t k;
        if (i == 1 && n->is_prim_apply(Prim::TupleGet) && constant_index(n, &k)) readers[k].push_back(n);
        else only_element_reads = false;
      }
    if (only_element_reads)
      for (const auto& [k, nodes] : readers)
        if (nodes.size() == 1 && k >= 0) {
          stealing_.insert(nodes[0]);
          stolen_[g].insert(k);
        }
  }

  for (size_t j = 0; j < g->body.size(); ++j) {
    const Node* n = g->body[j];
    if (!n->is_prim_apply(Prim::SetIndex) && !n->is_prim_apply(Prim::RowsAppend)) continue;
    const Node* x = n->arg(0);
    if (!x->is_apply() || x->graph != g || !x->type || x->type->kind != types::TypeKind::Tensor) continue;
    if (x == g->output || captured.count(x) || last_read[x] != j || handed_over_.count(x)) continue;
    size_t reads = 0;
    for (const Node* y : n->inputs) reads += y == x;
    if (reads != 1) continue;
    consumed_[n] |= 1;
    handed_over_.insert(x);
  }
}

}  // namespace fx::codegen
