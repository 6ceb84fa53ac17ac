#include "opt/rewrite.hpp"

#include <algorithm>
#include <functional>

namespace fx::opt {

std::vector<ir::Graph*> typed_graphs(const ir::Module& m) {
  // Module order already puts a clone's parent first when the specialiser made both; graphs
  // cloned by the inliner are appended after their new parent. Sort by depth to be sure.
  std::vector<std::pair<size_t, ir::Graph*>> by_depth;
  for (const auto& g : m.graphs) {
    if (!g->origin) continue;
    size_t depth = 0;
    for (const ir::Graph* p = g->parent; p; p = p->parent) ++depth;
    by_depth.emplace_back(depth, g.get());
  }
  std::stable_sort(by_depth.begin(), by_depth.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<ir::Graph*> out;
  for (auto& [d, g] : by_depth) out.push_back(g);
  return out;
}

ir::Node* Replacements::resolve(ir::Node* n) const {
  for (size_t guard = 0; guard < map_.size() + 1; ++guard) {
    auto it = map_.find(n);
    if (it == map_.end()) return n;
    n = it->second;
  }
  return n;
}

void Replacements::refresh(ir::Node* n) const {
  if (map_.empty()) return;
  for (ir::Node*& in : n->inputs) in = resolve(in);
}

bool Replacements::apply(ir::Module& m) {
  if (map_.empty()) return false;
  for (auto& g : m.graphs) {
    for (ir::Node* n : g->body) refresh(n);
    if (g->output) g->output = resolve(g->output);
    std::erase_if(g->body, [&](ir::Node* n) { return map_.count(n) != 0; });
  }
  map_.clear();
  return true;
}

std::unordered_map<const ir::Node*, size_t> count_uses(const ir::Module& m) {
  std::unordered_map<const ir::Node*, size_t> uses;
  for (const auto& g : m.graphs) {
    for (const ir::Node* n : g->body)
      for (const ir::Node* in : n->inputs) ++uses[in];
    if (g->output) ++uses[g->output];
  }
  return uses;
}

ir::Node* typed_constant(ir::Module& m, ir::ConstValue v, const types::Type* type, SourceLoc loc) {
  ir::Node* c = m.constant(std::move(v), loc);
  c->type = type;
  return c;
}

ir::Node* detached_apply(ir::Module& m, ir::Graph* g, std::vector<ir::Node*> inputs, SourceLoc loc,
                         const types::Type* type, std::string name) {
  ir::Node* n = m.apply(g, std::move(inputs), loc, std::move(name));
  g->body.pop_back();  // Module::apply appends; the pass puts the node where it belongs
  n->type = type;
  return n;
}

bool can_replace(const ir::Node* node, const ir::Node* replacement) {
  if (node == replacement || !node->type || !replacement->type) return false;
  if (node->type == replacement->type) return true;
  return types::is_tensor(node->type) && types::is_tensor(replacement->type) &&
         !types::is_unknown_tensor(replacement->type) && types::fits(replacement->type, node->type);
}

bool rewrite_nodes(ir::Module& m, const std::vector<ir::Graph*>& graphs,
                   const std::function<Rewritten(ir::Node*)>& rewrite) {
  Replacements r;
  bool erased = false;
  for (ir::Graph* g : graphs) {
    std::vector<ir::Node*> body = g->body;  // detached_apply touches g->body while rewrite runs
    std::vector<ir::Node*> rewritten;
    rewritten.reserve(body.size());
    for (ir::Node* n : body) {
      r.refresh(n);
      Rewritten w = rewrite(n);
      if (w.erased) {
        erased = true;
      } else if (w.value && can_replace(n, w.value)) {
        rewritten.insert(rewritten.end(), w.placed.begin(), w.placed.end());
        r.add(n, w.value);
      } else {
        rewritten.push_back(n);
      }
    }
    g->body = std::move(rewritten);
  }
  return r.apply(m) || erased;
}

bool replace_nodes(ir::Module& m, const std::function<ir::Node*(ir::Node*)>& replacement) {
  return rewrite_nodes(m, typed_graphs(m), [&](ir::Node* n) { return Rewritten{replacement(n), {}, false}; });
}

std::unordered_map<const ir::Graph*, std::vector<ir::Graph*>> children_of(const ir::Module& m) {
  std::unordered_map<const ir::Graph*, std::vector<ir::Graph*>> children;
  for (const auto& g : m.graphs)
    if (g->parent) children[g->parent].push_back(g.get());
  return children;
}

bool constant_int(const ir::Node* n, int64_t* out) {
  if (!n->is_constant() || !std::holds_alternative<int64_t>(n->value)) return false;
  *out = std::get<int64_t>(n->value);
  return true;
}

const std::string* constant_string(const ir::Node* n) {
  if (!n->is_constant() || !std::holds_alternative<std::string>(n->value)) return nullptr;
  return &n->as_str();
}

bool constant_float(const ir::Node* n, double* out) {
  if (!n->is_constant() || !std::holds_alternative<double>(n->value)) return false;
  *out = std::get<double>(n->value);
  return true;
}

ir::Node* prim_apply(ir::Module& m, ir::Node* n, ir::Prim p, std::vector<ir::Node*> args, const types::Type* type) {
  args.insert(args.begin(), m.prim(p));
  return detached_apply(m, n->graph, std::move(args), n->loc, type, n->name);
}

bool derivative_code(const ir::Graph* g) { return g->origin && g->origin->origin == g->origin; }

bool full_sum(const ir::Node* n) {
  return n->is_prim_apply(ir::Prim::Sum) && n->num_args() == 3 && n->arg(1)->is_constant() &&
         std::holds_alternative<ir::NoneVal>(n->arg(1)->value) && n->arg(2)->is_constant() &&
         std::holds_alternative<bool>(n->arg(2)->value) && !std::get<bool>(n->arg(2)->value) && n->type &&
         n->type->kind == types::TypeKind::F64;
}

}  // namespace fx::opt
