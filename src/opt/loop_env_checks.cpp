// Checks a loop body repeats: a converted loop body reads its vectors through its env
// (loop_env.hpp), so nothing inside it shows that two of them have the same length — but the
// graph that runs the loop may have checked it already, before the loop: jacfwd computes the
// primal dot(v1, v2) before its direction loop, which then calls the function's forward
// transform, and that computes dot(v1, v2) again each iteration (dead: jacfwd keeps only the
// tangent), and the tangents dot(one_hot(k, len(v1)), v2) and dot(v1, zeros_like(v2)). When a
// dot of the same two env values ran before the loop (in every loop that runs the body), their
// lengths agree, so in the body:
//   dot(a, b) nobody reads           cannot fail: deleted (DCE keeps it, removable.cpp)
//   dot(one_hot(k, len(a)), b) = b[k],  dot(a, zeros_like(b)) = 0.0
// (the laws of one_hot_products.cpp, real arithmetic, off under --check-nan). With
// loop_counters.cpp deleting the one_hot, jacfwd's gradient of dot does O(1) work per
// direction whatever the vectors' length (dF~ §5.2).
#include "opt/loop_env.hpp"
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Graph;
using ir::Node;
using ir::Prim;

bool vector(const Node* x) { return x->type && types::is_tensor(x->type) && types::rank_of(x->type) == 1; }

// Do a and b, vectors of `body`, have one length for every loop that runs it?
bool lengths_agree(const Graph* body, const std::vector<LoopSite>& sites, const Node* a, const Node* b) {
  if (!vector(a) || !vector(b)) return false;
  if (a == b) return true;
  for (const LoopSite& site : sites) {
    const Node* x = outer_value(body, a, site);
    const Node* y = outer_value(body, b, site);
    if (!x || !y || (x != y && !evaluated_before(site, Prim::Dot, x, y))) return false;
  }
  return true;
}

// u when x reads the length of vector u (len(u) or u.shape[0]).
const Node* length_of(const Node* x) {
  int64_t i;
  if (x->is_prim_apply(Prim::Len) && x->num_args() == 1 && vector(x->arg(0))) return x->arg(0);
  if (!x->is_prim_apply(Prim::TupleGet) || x->num_args() != 2 || !constant_int(x->arg(1), &i) || i != 0) return nullptr;
  const Node* s = x->arg(0);
  bool shape = s->is_prim_apply(Prim::GetAttr) && s->num_args() == 2 && s->arg(1)->is_constant() &&
               std::holds_alternative<std::string>(s->arg(1)->value) && s->arg(1)->as_str() == "shape";
  return shape && vector(s->arg(0)) ? s->arg(0) : nullptr;
}

Node* simplified(PassContext& ctx, const Graph* body, const std::vector<LoopSite>& sites, Node* n) {
  if (ctx.options.check_nan || !n->is_prim_apply(Prim::Dot) || n->num_args() != 2 || !n->type ||
      n->type->kind != types::TypeKind::F64)
    return nullptr;
  for (int side = 0; side < 2; ++side) {
    Node* x = n->arg(side);
    Node* v = n->arg(1 - side);
    if (x->is_prim_apply(Prim::OneHot) && x->num_args() == 2 && x->arg(0)->type &&
        x->arg(0)->type->kind == types::TypeKind::I64 && vector(x)) {
      const Node* u = length_of(x->arg(1));
      if (u && lengths_agree(body, sites, u, v))
        return detached_apply(ctx.module, n->graph,
                              {ctx.module.prim(Prim::Index), v,
                               typed_constant(ctx.module, std::string("i"), ctx.store.str(), n->loc), x->arg(0)},
                              n->loc, n->type, n->name);
    }
    if (x->is_prim_apply(Prim::ZerosLike) && x->num_args() == 1 && lengths_agree(body, sites, x->arg(0), v))
      return typed_constant(ctx.module, 0.0, n->type, n->loc);
  }
  return nullptr;
}

}  // namespace

bool simplify_loop_env_checks(PassContext& ctx) {
  std::unordered_map<const Node*, size_t> uses = count_uses(ctx.module);
  auto sites_of = loop_sites(ctx.module);
  std::vector<Graph*> bodies;
  for (const auto& [body, sites] : sites_of)
    if (body->origin && !sites.empty()) bodies.push_back(const_cast<Graph*>(body));
  return rewrite_nodes(ctx.module, bodies, [&](Node* n) {
    const Graph* body = n->graph;
    const std::vector<LoopSite>& sites = sites_of.at(body);
    if (!ctx.options.check_nan && n->is_prim_apply(Prim::Dot) && n->num_args() == 2 && uses[n] == 0 &&
        lengths_agree(body, sites, n->arg(0), n->arg(1)))
      return Rewritten{nullptr, {}, true};
    Node* plain = simplified(ctx, body, sites, n);
    if (!plain) return Rewritten{};
    return plain->is_apply() ? Rewritten{plain, {plain}, false} : Rewritten{plain, {}, false};
  });
}

}  // namespace fx::opt
