// Peeling a loop of one trip: a counted loop `while(cond, make_closure(@body, env), init, 1)`
// runs its body exactly once (docs/ir.md: a counted loop's cond holds exactly `trips` times), so
// it is the body's code applied to env and init, written where the loop was. jacfwd of a function
// of a vector whose type knows its one element (`jacfwd(f)([1.5])`) has such a direction loop;
// when the body multiplies the basis vector by a captured vector of another length (broadcasting),
// no product rule or row-loop normalisation takes the loop apart, and the loop would stay a loop
// of closures. Peeled, its body's env reads meet the env tuple and projection takes them apart:
// the closures of the loop's cond and body, and those its env held, go.
// Only a converted body (a closed graph of an env and a state parameter, with no nested graphs)
// whose trip count is the constant 1; not under --max-loop-iterations, which counts iterations.
#include <unordered_map>

#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Graph;
using ir::Node;
using ir::Prim;

// The body's code of a loop that runs it once, or null.
Graph* one_trip_body(const Node* loop, const std::unordered_map<const Graph*, std::vector<Graph*>>& children) {
  int64_t trips;
  if (!loop->is_prim_apply(Prim::While) || loop->num_args() != 4 || !constant_int(loop->arg(3), &trips) || trips != 1)
    return nullptr;
  const Node* body = loop->arg(1);
  if (!body->is_prim_apply(Prim::MakeClosure) || body->num_args() != 2 || !body->arg(0)->holds_graph() ||
      !body->arg(1)->is_prim_apply(Prim::MakeTuple))
    return nullptr;
  Graph* code = body->arg(0)->as_graph();
  if (code->params.size() != 2 || children.count(code) || !code->output) return nullptr;
  // Closed: it reads only its parameters, its own nodes and constants.
  std::unordered_map<const Node*, bool> own{{code->params[0], true}, {code->params[1], true}};
  for (const Node* n : code->body) {
    for (size_t i = 1; i < n->inputs.size(); ++i)
      if (!n->inputs[i]->is_constant() && !own.count(n->inputs[i])) return nullptr;
    if (!n->inputs.empty() && !n->inputs[0]->is_constant() && !own.count(n->inputs[0])) return nullptr;
    own[n] = true;
  }
  if (!code->output->is_constant() && !own.count(code->output)) return nullptr;
  return code;
}

}  // namespace

bool peel_one_trip_loops(PassContext& ctx) {
  if (ctx.options.limited_loops) return false;
  ir::Module& m = ctx.module;
  auto children = children_of(m);
  std::vector<std::pair<Graph*, Node*>> loops;
  for (Graph* g : typed_graphs(m))
    for (Node* n : g->body)
      if (one_trip_body(n, children)) loops.push_back({g, n});
  Replacements r;
  for (auto [g, loop] : loops) {
    Graph* code = loop->arg(1)->arg(0)->as_graph();
    // The body's nodes, copied into g with the env tuple and the initial state for its parameters.
    std::unordered_map<const Node*, Node*> to{{code->params[0], loop->arg(1)->arg(1)}, {code->params[1], loop->arg(2)}};
    std::vector<Node*> copies;
    for (Node* n : code->body) {
      std::vector<Node*> inputs;
      for (Node* in : n->inputs) inputs.push_back(to.count(in) ? to[in] : in);
      Node* copy = detached_apply(m, g, std::move(inputs), n->loc, n->type, n->name);
      copy->follows_primal = n->follows_primal;
      copies.push_back(copy);
      to[n] = copy;
    }
    Node* out = to.count(code->output) ? to[code->output] : code->output;
    if (!can_replace(loop, out)) continue;  // the copies are left unplaced: nothing reads them
    std::vector<Node*> body;
    for (Node* n : g->body) {
      if (n == loop) body.insert(body.end(), copies.begin(), copies.end());
      body.push_back(n);
    }
    g->body = std::move(body);
    r.add(loop, out);
  }
  return r.apply(m);
}

}  // namespace fx::opt
