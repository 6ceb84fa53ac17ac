// The AD engine of one module (docs/ad.md): closure conversion, the forward (T) and reverse
// (J) transforms, the helper graphs they call, and the templates of derived functions.
// Every result is an ordinary closed top-level graph added to the module, cached here, so
// that a transform of a recursive graph refers to itself through jfn/tfn at run time.
//
// The interpreter owns one Context per run and calls it lazily (jfn(f), grad(f)(x), ...);
// `fluxion ir --stage ad` and the unit tests call it directly.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ad/generic.hpp"
#include "ad/shape.hpp"
#include "ir/ir.hpp"

namespace fx::types { struct Type; }

namespace fx::ad {

class Registry;

// cc(g): the closed graph `(env, x1..xn)` and the nodes whose values make up env, in order.
struct Converted {
  ir::Graph* graph = nullptr;
  std::vector<const ir::Node*> free_vars;
};

// Small closed graphs the transforms call (helpers.cpp).
enum class Helper : uint8_t {
  TCall0,             // (tf, df)          → tf(df) with tf = tfn(f): a nullary branch, forward mode
  JCall0,             // (f,)              → jfn(f)(): a nullary branch, reverse mode
  Identity0,          // (x,)              → x
  Zeros0,             // (x,)              → zeros_like(x)
  TWhileCond,         // (cond,)(s, ds)    → cond(s)
  TWhileBody,         // (tbody, dbody)(s, ds) → tbody(dbody, s, ds)
  JWhileCond,         // (cond,)(s, stack) → cond(s)
  JWhileBody,         // (jbody,)(s, stack) → (s', list_push(stack, pullback))
  JWhileBackCond,     // ()(ct, stack, ...) → not list_is_empty(stack)
  JWhileBackBody,     // ()(ct, stack)     → pops a pullback, applies it
  JWhileBackBodyAcc,  // ()(ct, stack, acc) → same, and accumulates the body's env cotangent
};
// The name of helper h's graph, which the clones the expansion makes of it keep (the C emitter
// finds a loop's accumulating backward pass by it).
const char* helper_name(Helper h);

// One instantiation of a generic code (docs/ad.md §4).
struct GenericCall {
  Generic kind = Generic::Grad;
  ir::Prim prim{};              // PrimFn
  Argnums argnums;              // Grad, ValueAndGrad, Jacfwd, Jacrev, Hessian, JacrevBack
  bool forward = false;         // Grad, ValueAndGrad: in forward mode (the expansion's choice
                                // for one f64 argument and an f64 result: one pass, no tape)
  size_t arity = 0;             // number of (primal) arguments
  std::vector<Shape> shapes;    // their shapes, when needs_shapes(kind)
  std::vector<Mode> stack;      // transforms to apply, innermost first
  SourceLoc loc;                // where run-time errors of instantiation are reported
};

class Context {
 public:
  explicit Context(ir::Module& m);
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  ir::Module& module() { return m_; }
  const Registry& rules() const { return *rules_; }

  // cc(g) for any graph, top-level or nested, with its whole nested subtree (closure_convert.cpp).
  const Converted& convert(const ir::Graph* g);
  // T and J of a closed graph (forward.cpp, reverse.cpp).
  ir::Graph* forward(ir::Graph* closed);
  ir::Graph* reverse(ir::Graph* closed);
  ir::Graph* transform(Mode mode, ir::Graph* closed) {
    return mode == Mode::Forward ? forward(closed) : reverse(closed);
  }
  // The closed graph `code(env, x...)` of a generic code for these arguments (templates.cpp).
  ir::Graph* instantiate(const GenericCall& call);
  ir::Graph* helper(Helper h);

  // A new closed top-level graph owned by the AD engine.
  ir::Graph* new_graph(const std::string& name, ir::GraphRole role, SourceLoc loc);
  bool is_generated(const ir::Graph* g) const { return generated_.count(g) != 0; }
  // Is g the closure conversion of a user graph (converted_graphs_)?
  bool is_converted(const ir::Graph* g) const { return converted_graphs_.count(g) != 0; }
  // The user graph that g is the closure conversion of, or null.
  const ir::Graph* converted_from(const ir::Graph* g) const {
    auto it = converted_graphs_.find(g);
    return it == converted_graphs_.end() ? nullptr : it->second;
  }

  // Number of elements of the tuple node n produces, or -1 when unknown: make_tuple nodes,
  // typed nodes, and nodes the transforms noted (pullback results, env parameters, ...).
  int tuple_arity(const ir::Node* n) const;
  void note_arity(const ir::Node* n, int arity);
  // The inferred types of the elements of tuple node n, when known (null entries: unknown):
  // noted for the env parameters of converted graphs, whose elements are typed free variables.
  const std::vector<const types::Type*>* element_types(const ir::Node* n) const;
  void note_element_types(const ir::Node* n, std::vector<const types::Type*> types);
  // The primal node whose cotangent parameter n of a pullback receives (the output of the
  // graph that reverse() transformed), or null: a cotangent has its primal's structure, so
  // the element of a union of tuples it holds where the primal makes a closure is the
  // alternative of that closure's env (expand/value_types.cpp narrows it so).
  const ir::Node* cotangent_of(const ir::Node* n) const;
  void note_cotangent_of(const ir::Node* n, const ir::Node* primal);
  // Copies what is noted about `from` (arity, element types, primal) to `to`, a copy of it.
  void copy_notes(const ir::Node* from, const ir::Node* to);

 private:
  friend class ClosureConverter;
  ir::Module& m_;
  std::unique_ptr<Registry> rules_;
  std::unordered_map<const ir::Graph*, Converted> converted_;
  std::unordered_map<const ir::Graph*, ir::Graph*> forward_, reverse_;
  std::map<Helper, ir::Graph*> helpers_;
  std::map<std::string, ir::Graph*> instances_;
  std::unordered_map<const ir::Graph*, bool> generated_;
  std::unordered_map<const ir::Graph*, const ir::Graph*> converted_graphs_;  // cc(g) -> g
  std::unordered_map<const ir::Node*, int> arity_;
  std::unordered_map<const ir::Node*, std::vector<const types::Type*>> element_types_;
  std::unordered_map<const ir::Node*, const ir::Node*> cotangent_of_;
};

namespace context_impl {
// Drops unused applications of pure primitives from a generated graph (context.cpp).
void prune_dead(ir::Graph* g);
// Marks the nodes of g's body from index `from` on (what one rule emitted) as following their
// primal (ir::Node::follows_primal), except `primal` (null: none) and the nodes among them it
// is computed from (primal_marks.cpp).
void mark_follows_primal(ir::Graph* g, size_t from, const ir::Node* primal);
}  // namespace context_impl

}  // namespace fx::ad
