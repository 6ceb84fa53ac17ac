// Type errors that need the inference state to be phrased well: where two paths of a
// function meet (`if` in tail position, join graphs, recursion rounds) and where a loop
// variable changes type. The aim is to name what the user wrote (the function, the
// variable) and to point at the value that disagrees, not at compiler-made graphs.
#include "support/diagnostics.hpp"
#include "types/inferrer.hpp"

namespace fx::types {

namespace {

SourceLoc loc_or(SourceLoc preferred, SourceLoc fallback) {
  return preferred.valid() ? preferred : fallback;
}

bool is_int_constant(const ir::Node* n, int64_t value) {
  return n->is_constant() && std::holds_alternative<int64_t>(n->value) && n->as_int() == value;
}

// The source name of element i of a loop's state tuple, recovered from the IR the
// lowering made: the variables packed into the initial tuple, the names given to the
// tuple_get projections in the condition and body graphs, or the body's result tuple.
std::string state_element_name(const ir::Node* init, const ir::Graph* cond, const ir::Graph* body, size_t i) {
  if (init && init->is_prim_apply(ir::Prim::MakeTuple) && i < init->num_args() && !init->arg(i)->name.empty())
    return init->arg(i)->name;
  for (const ir::Graph* g : {body, cond}) {
    if (!g || g->params.size() != 1) continue;
    for (const ir::Node* b : g->body)
      if (b->is_prim_apply(ir::Prim::TupleGet) && b->arg(0) == g->params[0] &&
          is_int_constant(b->arg(1), static_cast<int64_t>(i)) && !b->name.empty())
        return b->name;
  }
  if (body && body->output->is_prim_apply(ir::Prim::MakeTuple) && i < body->output->num_args() &&
      !body->output->arg(i)->name.empty())
    return body->output->arg(i)->name;
  return "";
}

const ir::Graph* graph_argument(const PrimCall& call, size_t i) {
  if (call.arg_nodes.size() <= i || !call.arg_nodes[i]->holds_graph()) return nullptr;
  return call.arg_nodes[i]->as_graph();
}

// "variable 'total'", or "element 2 of the loop state" when the name is lost.
std::string state_element(const std::string& name, size_t i) {
  return name.empty() ? "element " + std::to_string(i) + " of the loop state" : "variable '" + name + "'";
}

// The first element of two same-length tuples that do not join; SIZE_MAX if none.
size_t first_conflict(TypeStore& store, const Type* a, const Type* b) {
  if (a->kind != TypeKind::Tuple || b->kind != TypeKind::Tuple || a->elems.size() != b->elems.size())
    return SIZE_MAX;
  for (size_t i = 0; i < a->elems.size(); ++i)
    if (!join(store, a->elems[i], b->elems[i])) return i;
  return SIZE_MAX;
}

}  // namespace

bool is_merge_graph(const ir::Graph* g) {
  switch (g->role) {
    case ir::GraphRole::Join:
    case ir::GraphRole::LoopCond:
    case ir::GraphRole::LoopBody:
      return true;
    case ir::GraphRole::Function:
    case ir::GraphRole::Lambda:
    case ir::GraphRole::Branch:
    case ir::GraphRole::Init:
    case ir::GraphRole::Eval:
      return false;
  }
  return false;
}

const ir::Graph* enclosing_function(const ir::Graph* g) {
  while (g->parent) {
    switch (g->role) {
      case ir::GraphRole::Branch:
      case ir::GraphRole::Join:
      case ir::GraphRole::LoopCond:
      case ir::GraphRole::LoopBody:
        g = g->parent;
        continue;
      case ir::GraphRole::Function:
      case ir::GraphRole::Lambda:
      case ir::GraphRole::Init:
      case ir::GraphRole::Eval:
        return g;
    }
  }
  return g;
}

std::string describe_function(const ir::Graph* g) {
  switch (g->role) {
    case ir::GraphRole::Function: return "function '" + graph_display_name(g) + "'";
    case ir::GraphRole::Lambda: return "the lambda";
    case ir::GraphRole::Init: return "constant '" + g->name + "'";
    case ir::GraphRole::Eval: return "the expression";
    case ir::GraphRole::Branch:
    case ir::GraphRole::Join:
    case ir::GraphRole::LoopCond:
    case ir::GraphRole::LoopBody:
      break;
  }
  const ir::Graph* f = enclosing_function(g);
  return f == g ? "function '" + g->name + "'" : describe_function(f);
}

// If node n of r's graph is what a function returns (its output, or the output of a
// branch or join graph tail-called on the way to that output), the record of that
// function; likewise for the next state a loop body produces.
const Record* Inferrer::tail_owner(const Record* r, const ir::Node* n) const {
  while (r && n == r->ctx->graph->output) {
    switch (r->ctx->graph->role) {
      case ir::GraphRole::Function:
      case ir::GraphRole::Lambda:
      case ir::GraphRole::Init:
      case ir::GraphRole::Eval:
      case ir::GraphRole::LoopBody:
        return r;
      case ir::GraphRole::Branch:
      case ir::GraphRole::Join:
        n = r->call_node;
        r = r->caller;
        continue;
      case ir::GraphRole::LoopCond:
        return nullptr;
    }
  }
  return nullptr;
}

// The node that produces the value of type t that r's graph returns: follows tail calls
// into branch and join graphs down to the returned node.
const ir::Node* Inferrer::path_node(const Record& r, const Type* t, int depth) const {
  const ir::Node* out = r.ctx->graph->output;
  if (depth < 64 && out->is_apply() && out->graph == r.ctx->graph) {
    auto it = r.callees.find(out);
    if (it != r.callees.end()) {
      for (const Context* ctx : it->second) {
        const Record* sub = find(ctx);
        ir::GraphRole role = ctx->graph->role;
        if (sub && sub->result == t && (role == ir::GraphRole::Branch || role == ir::GraphRole::Join))
          return path_node(*sub, t, depth + 1);
      }
    }
  }
  return out;
}

namespace {

// Where to point for a returned value: the node that makes it, unless that is a parameter
// (whose location is its declaration, not the `return`).
SourceLoc returned_value_loc(const ir::Node* value, SourceLoc fallback) {
  return value->is_parameter() ? fallback : loc_or(value->loc, fallback);
}

}  // namespace

void Inferrer::branch_mismatch(const Record& r, const ir::Node* n, const Type* a, const Type* b,
                               const std::vector<const Context*>& b_paths) {
  const Record* owner = tail_owner(&r, n);
  if (owner && owner->ctx->graph->role == ir::GraphRole::LoopBody) {
    // Two paths through a loop body produce next states that disagree on a variable.
    size_t i = first_conflict(store_, a, b);
    if (i != SIZE_MAX) {
      std::string name = state_element_name(nullptr, nullptr, owner->ctx->graph, i);
      compile_error(n->loc, state_element(name, i) + " is " + to_string(a->elems[i]) +
                                " on one path through the loop body and " + to_string(b->elems[i]) +
                                " on another");
    }
  } else if (owner) {
    SourceLoc where = n->loc;
    for (const Context* ctx : b_paths)
      if (const Record* path = find(ctx)) {
        where = returned_value_loc(path_node(*path, b, 0), n->loc);
        break;
      }
    compile_error(where, describe_function(owner->ctx->graph) + " returns " + to_string(a) +
                                             " on one path and " + to_string(b) + " on another");
  }
  compile_error(n->loc, "the branches produce " + to_string(a) + " and " + to_string(b));
}

void Inferrer::result_mismatch(const Record& r, const Type* before, const Type* now) {
  const ir::Graph* g = r.ctx->graph;
  compile_error(returned_value_loc(path_node(r, now, 0), g->loc),
                describe_function(enclosing_function(g)) + " returns " + to_string(before) +
                    " on one path and " + to_string(now) + " on another");
}

void Inferrer::loop_state_mismatch(const ir::Node* n, const PrimCall& call, const Type* before,
                                   const Type* after, const Context* body) {
  size_t i = first_conflict(store_, before, after);
  if (i == SIZE_MAX)
    compile_error(n->loc, "the loop state is " + to_string(before) + " before the loop and " +
                              to_string(after) + " after an iteration");
  // Point at the assignment that made the new value, when the body returns the state
  // tuple directly; otherwise at the loop.
  SourceLoc where = n->loc;
  const ir::Graph* g = body ? body->graph : nullptr;
  if (g && g->output->is_prim_apply(ir::Prim::MakeTuple) && i < g->output->num_args()) {
    const ir::Node* value = g->output->arg(i);
    if (value->is_apply() && value->graph == g) where = loc_or(value->loc, where);
  }
  const ir::Node* init = call.arg_nodes.size() == 3 ? call.arg_nodes[2] : nullptr;
  std::string name = state_element_name(init, graph_argument(call, 0), graph_argument(call, 1), i);
  compile_error(where, state_element(name, i) + " is " + to_string(before->elems[i]) + " before the loop and " +
                           to_string(after->elems[i]) + " after an iteration");
}

}  // namespace fx::types
