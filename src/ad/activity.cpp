#include "ad/activity.hpp"

#include "ad/registry.hpp"
#include "ad/typeinfo.hpp"

namespace fx::ad {

using ir::Node;
using ir::Prim;

namespace activity_impl {

// The rules of the application n (null for effects), and whether argument position i
// (0 = callee, i+1 = argument i) carries derivatives.
const PrimRules* rules_of(const Node* n, const Registry& r) {
  Prim p;
  if (!n->prim_callee(&p)) return &r.call();
  if (ir::prim_info(p).flag == ir::PrimFlag::EFFECT) return nullptr;
  return &r.at(p);
}

bool carries(const Node* n, const PrimRules* rules, size_t input) {
  if (!rules || rules->zero_derivative) return false;
  if (!n->prim_callee(nullptr)) return true;  // a call: callee and arguments
  return input > 0 && !rules->passive(input - 1);
}

}  // namespace activity_impl

Activity::Activity(const ir::Graph& g, const Registry& r) {
  using activity_impl::carries;
  using activity_impl::rules_of;
  std::unordered_set<const Node*> varied, useful;
  for (const Node* p : g.params)
    if (!has_no_derivative(p)) varied.insert(p);
  for (const Node* n : g.body) {
    if (has_no_derivative(n)) continue;
    const PrimRules* rules = rules_of(n, r);
    for (size_t i = 0; i < n->inputs.size(); ++i)
      if (carries(n, rules, i) && varied.count(n->inputs[i])) {
        varied.insert(n);
        break;
      }
  }
  if (varied.count(g.output)) useful.insert(g.output);
  for (auto it = g.body.rbegin(); it != g.body.rend(); ++it) {
    const Node* n = *it;
    if (!useful.count(n) || !varied.count(n)) continue;
    active_.insert(n);
    const PrimRules* rules = rules_of(n, r);
    for (size_t i = 0; i < n->inputs.size(); ++i)
      if (carries(n, rules, i) && varied.count(n->inputs[i])) useful.insert(n->inputs[i]);
  }
  for (const Node* p : g.params)
    if (useful.count(p) && varied.count(p)) active_.insert(p);
}

}  // namespace fx::ad
