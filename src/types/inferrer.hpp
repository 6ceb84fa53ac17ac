// Type inference by abstract interpretation of the graph IR (Myia §4.2).
//
// The unit of work is a *record*: one graph inferred in one Context (argument types plus
// the context of its lexical parent, which fixes the types of its free variables). A
// record evaluates its graph's body in order, computing the type of every node; a call
// to a function value creates (or reuses) the callee's record for the call's argument
// types, so every graph is specialised per call signature.
//
// Recursion: a call to a record that is still running returns its current approximation
// of the result (Bottom at first, or the declared return type). When the record finishes
// and its result moved past the approximation that was used, its body is inferred again,
// until the result stops changing (a bounded fixpoint). Records computed from information
// that is not final yet (an approximation, or the node types of a running parent) are
// *provisional*, and are registered as *readers* of the record they read: when that
// record runs another round, its readers (transitively) are dropped and recomputed on
// demand; the others are kept, so that a ring of mutually recursive functions costs one
// re-evaluation per round, not one per function per round. Provisional records become
// final when the shallowest running record they depend on finishes.
//
// Merge graphs: the join graph after an `if` statement and the condition and body graphs
// of a `while` get one context per parent context, not one per argument types, and their
// parameter types widen as paths (or loop iterations) bring new types; see
// call_join_graph and infer_while. So a variable has one type after an `if`, N
// sequential `if`s cost N join contexts (not 2^N), and a closure created in a loop body
// has the same type in every iteration (a state carrying it keeps a finite type). Merge
// records read their parent, so they stay provisional until it finishes and whatever was
// computed from narrower parameter types is dropped when they widen.
#pragma once
#include <climits>
#include <map>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/ir.hpp"
#include "types/annotation.hpp"
#include "types/limits.hpp"
#include "types/prim_rules.hpp"
#include "types/type.hpp"

namespace fx::types {

struct Record {
  enum class State { Fresh, Running, Provisional, Done };

  const Context* ctx = nullptr;
  // The types of the graph's parameters: ctx->args, except for loop graphs (below).
  std::vector<const Type*> args;
  State state = State::Fresh;
  const Type* result = nullptr;  // the graph's output type (an approximation while running)
  std::unordered_map<const ir::Node*, const Type*> types;  // params and body of ctx->graph
  // Contexts each Apply of the body called in the latest evaluation: a call's callee(s),
  // an `if`'s branches, a `while`'s condition and body for the final state type.
  std::unordered_map<const ir::Node*, std::vector<const Context*>> callees;

  // Recursion bookkeeping (see the header comment).
  size_t depth = 0;                 // position on the inference stack while running
  size_t min_dep = SIZE_MAX;        // shallowest running record this one read from
  bool read_while_running = false;  // was the approximation of `result` used?
  bool needs_rerun = false;         // something it read while running was dropped
  std::vector<Record*> readers;     // records that used its non-final result or node types
  const Record* caller = nullptr;   // who first called it, for error messages
  const ir::Node* call_node = nullptr;
};

class Inferrer : private ControlFlowRules {
 public:
  Inferrer(TypeStore& store, Annotations& annotations, InferenceLimits limits);

  // Infers top-level graph g called with `args` (checked against its annotations) and
  // returns its context, whose record is then final.
  const Context* infer_entry(const ir::Graph* g, const std::vector<const Type*>& args);

  // The final record of ctx, inferring it first if needed (must not be called while
  // another inference is running).
  const Record& final_record(const Context* ctx);
  const Record* find(const Context* ctx) const;

  // The context of a closure of `g` that is never called: annotated parameter types,
  // Bottom for the others, inside `parent`.
  const Context* uncalled_context(const ir::Graph* g, const Context* parent);

  // Was ctx called by a derivative operator (grad(f)(x) calling f, jvp, a custom rule, ...)?
  // The specialiser points a function value that reaches a derivative at such a clone, as
  // the AD transforms read the types of the clone they differentiate.
  bool called_by_derivative(const Context* ctx) const { return derivative_called_.count(ctx) != 0; }

  // The type of constant n seen from context ctx (graph constants are closures over
  // the ancestor of ctx that their graph is nested in).
  const Type* constant_type(const Context* ctx, const ir::Node* n);

  Annotations& annotations() { return annotations_; }
  TypeStore& store() { return store_; }

 private:
  // Evaluation.
  const Type* infer_context(const Context* ctx, const Record* caller, const ir::Node* call_node);
  const Type* evaluate_body(Record& r);
  const Type* evaluate_apply(Record& r, const ir::Node* n);
  const Type* type_of(Record& r, const ir::Node* n);
  const Type* call(Record& r, const ir::Node* n, const Type* callee,
                   const std::vector<const Type*>& args, const std::vector<std::string>& keywords);
  const Type* call_closure(Record& r, const ir::Node* n, const Type* callee,
                           const std::vector<const Type*>& args,
                           const std::vector<std::string>& keywords);
  const Type* call_constructor(const ir::Node* n, const Type* callee,
                               const std::vector<const Type*>& args,
                               const std::vector<std::string>& keywords);
  // Arguments in parameter order (keywords matched by name), checked against annotations.
  std::vector<const Type*> bind_arguments(const ir::Graph* g, const ir::Node* call, SourceLoc loc,
                                          const std::vector<const Type*>& args,
                                          const std::vector<std::string>& keywords);
  const Context* new_context(const ir::Graph* g, std::vector<const Type*> args,
                             const Context* parent, SourceLoc loc);

  // Derivatives (derivative_calls.cpp).
  const Type* call_derived(Record& r, const ir::Node* n, const Type* callee, const std::vector<const Type*>& args,
                           const std::vector<std::string>& keywords);
  const Type* call_for_derivative(Record& r, const ir::Node* n, const Type* fn, const std::vector<const Type*>& args);
  const Type* differentiated_inputs(const ir::Node* n, const Type* derived, const std::vector<const Type*>& args);
  const Type* jacobian(const ir::Node* n, const char* op, const Type* y, const Type* in);
  void check_custom_vjp(Record& r, const ir::Node* n, const Type* derived, const std::vector<const Type*>& args,
                        const Type* y);
  void check_custom_jvp(Record& r, const ir::Node* n, const Type* derived, const std::vector<const Type*>& args,
                        const Type* y);
  const Type* infer_jvp(Record& r, const PrimCall& call);
  const Type* infer_vjp(Record& r, const PrimCall& call);
  const Type* infer_grad_hook(Record& r, const PrimCall& call);

  const Type* call_loop_graph(Record& r, const ir::Node* n, const Type* fn, const Type* state);
  const Type* call_join_graph(Record& r, const ir::Node* n, const Type* callee, std::vector<const Type*> args);
  Record& read_ancestor(const Context* ancestor);

  // ControlFlowRules.
  const Type* infer_if(const PrimCall& call) override;
  const Type* infer_while(const PrimCall& call) override;
  const Type* infer_derivative_call(ir::Prim p, const PrimCall& call) override;
  const Type* infer_tree_map(const PrimCall& call) override;
  const Type* tree_map_node(Record& r, const PrimCall& pc, const Type* f, const std::vector<const Type*>& trees,
                            const std::string& path);

  // Recursion bookkeeping.
  Record& record(const Context* ctx);
  void note_read(Record& source);
  void note_dependency(size_t depth);
  void invalidate_readers(Record& source, const Record* keep);
  void settle_provisional(size_t mark);
  void reset_after_error();

  // Diagnostics (inferrer_errors.cpp).
  [[noreturn]] void branch_mismatch(const Record& r, const ir::Node* n, const Type* a,
                                    const Type* b, const std::vector<const Context*>& b_paths);
  [[noreturn]] void result_mismatch(const Record& r, const Type* before, const Type* now);
  [[noreturn]] void loop_state_mismatch(const ir::Node* n, const PrimCall& call, const Type* before,
                                        const Type* after, const Context* body);
  const ir::Node* path_node(const Record& r, const Type* t, int depth) const;
  const Record* tail_owner(const Record* r, const ir::Node* n) const;

  TypeStore& store_;
  Annotations& annotations_;
  PrimRules prims_;
  InferenceLimits limits_;
  std::unordered_map<const Context*, std::unique_ptr<Record>> records_;
  std::vector<Record*> stack_;        // records being inferred, innermost last
  std::vector<Record*> provisional_;  // provisional records, in completion order
  std::map<std::pair<const ir::Graph*, const Context*>, size_t> specialisations_;
  std::unordered_set<const Context*> derivative_called_;
  size_t steps_ = 0;
};

// Join, loop condition and loop body graphs: one context per parent context (see above).
bool is_merge_graph(const ir::Graph* g);

// How messages name the function a graph belongs to: "function 'f'", "the lambda",
// "constant 'N'", "the expression".
std::string describe_function(const ir::Graph* g);
// The function, lambda, constant or expression graph that g is part of (g itself, or the
// nearest such ancestor of a branch, join or loop graph).
const ir::Graph* enclosing_function(const ir::Graph* g);

}  // namespace fx::types
