// Module construction (the builder) and small queries on nodes and graphs.
#include "ir/ir.hpp"

#include "support/diagnostics.hpp"

namespace fx::ir {

int StructDecl::field_index(const std::string& field) const {
  for (size_t i = 0; i < fields.size(); ++i)
    if (fields[i].name == field) return static_cast<int>(i);
  return -1;
}

bool Node::prim_callee(Prim* out) const {
  if (!is_apply() || inputs.empty() || !inputs[0]->holds_prim()) return false;
  if (out) *out = inputs[0]->as_prim();
  return true;
}

bool Node::is_prim_apply(Prim p) const {
  Prim q;
  return prim_callee(&q) && q == p;
}

bool Graph::nested_in(const Graph* ancestor) const {
  for (const Graph* g = this; g; g = g->parent)
    if (g == ancestor) return true;
  return false;
}

Module::Module() = default;
Module::~Module() = default;

Graph* Module::new_graph(std::string name, Graph* parent, SourceLoc loc, GraphRole role) {
  auto g = std::make_unique<Graph>();
  g->name = std::move(name);
  g->parent = parent;
  g->loc = loc;
  g->role = role;
  g->id = next_graph_id_++;
  graphs.push_back(std::move(g));
  return graphs.back().get();
}

Node* Module::add_param(Graph* g, std::string name, SourceLoc loc) {
  auto n = std::make_unique<Node>();
  n->kind = NodeKind::Parameter;
  n->graph = g;
  n->loc = loc;
  n->name = std::move(name);
  n->id = next_node_id_++;
  n->slot = static_cast<uint32_t>(g->params.size());
  g->params.push_back(n.get());
  g->param_types.push_back(nullptr);
  g->param_defaults.push_back(nullptr);
  nodes.push_back(std::move(n));
  return nodes.back().get();
}

Node* Module::apply(Graph* g, std::vector<Node*> inputs, SourceLoc loc, std::string name) {
  auto n = std::make_unique<Node>();
  n->kind = NodeKind::Apply;
  n->graph = g;
  n->loc = loc;
  n->name = std::move(name);
  n->inputs = std::move(inputs);
  n->id = next_node_id_++;
  n->slot = static_cast<uint32_t>(g->params.size() + g->body.size());
  g->body.push_back(n.get());
  nodes.push_back(std::move(n));
  return nodes.back().get();
}

Node* Module::apply_prim(Graph* g, Prim p, std::vector<Node*> args, SourceLoc loc, std::string name) {
  std::vector<Node*> inputs;
  inputs.reserve(args.size() + 1);
  inputs.push_back(prim(p));
  for (Node* a : args) inputs.push_back(a);
  return apply(g, std::move(inputs), loc, std::move(name));
}

Node* Module::constant(ConstValue v, SourceLoc loc) {
  auto n = std::make_unique<Node>();
  n->kind = NodeKind::Constant;
  n->loc = loc;
  n->value = std::move(v);
  n->id = next_node_id_++;
  nodes.push_back(std::move(n));
  return nodes.back().get();
}

void Module::renumber() {
  for (auto& g : graphs) {
    uint32_t slot = 0;
    for (Node* p : g->params) p->slot = slot++;
    for (Node* b : g->body) b->slot = slot++;
  }
}

Graph* Module::find_function(const std::string& name) const {
  auto it = functions.find(name);
  return it == functions.end() ? nullptr : it->second;
}

bool counts_as_call(GraphRole role) {
  switch (role) {
    case GraphRole::Function:
    case GraphRole::Lambda:
    case GraphRole::Init:
    case GraphRole::Eval: return true;
    case GraphRole::Branch:
    case GraphRole::Join:
    case GraphRole::LoopCond:
    case GraphRole::LoopBody: return false;
  }
  return true;
}

}  // namespace fx::ir
