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
// until the result stops changing (a bounded fixpoint). Records computed from an
// approximation are *provisional*: they are dropped and recomputed when the record they
// depend on runs another round, and become final when it finishes.
//
// Loops: the condition and body graphs of a `while` get one context per parent context,
// not one per state type, and are re-evaluated as the state type widens to its fixpoint.
// A closure created in a loop body therefore has the same type in every iteration, so a
// state that carries such a closure still has a finite type. Loop records stay
// provisional until the record containing the loop finishes, so that everything computed
// from a superseded state type is dropped between rounds.
#pragma once
#include <climits>
#include <map>
#include <memory>
#include <unordered_map>
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

  // The type of constant n seen from context ctx (graph constants are closures over
  // the ancestor of ctx that their graph is nested in).
  const Type* constant_type(const Context* ctx, const ir::Node* n);

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
  std::vector<const Type*> bind_arguments(const ir::Graph* g, SourceLoc loc,
                                          const std::vector<const Type*>& args,
                                          const std::vector<std::string>& keywords);
  const Context* new_context(const ir::Graph* g, std::vector<const Type*> args,
                             const Context* parent, SourceLoc loc);

  const Type* call_loop_graph(Record& r, const ir::Node* n, const Type* fn, const Type* state);

  // ControlFlowRules.
  const Type* infer_if(const PrimCall& call) override;
  const Type* infer_while(const PrimCall& call) override;

  // Recursion bookkeeping.
  Record& record(const Context* ctx);
  void note_dependency(size_t depth);
  void settle_provisional(size_t mark, Record::State to);
  void reset_after_error();

  // Diagnostics (inferrer_errors.cpp).
  [[noreturn]] void branch_mismatch(const Record& r, const ir::Node* n, const Type* a,
                                    const Type* b, const std::vector<const Context*>& b_paths);
  [[noreturn]] void result_mismatch(const Record& r, const Type* before, const Type* now);
  [[noreturn]] void loop_state_mismatch(const ir::Node* n, const PrimCall& call, const Type* before,
                                        const Type* after, const Context* body);
  SourceLoc path_loc(const Record& r, const Type* t, int depth) const;
  const Record* tail_owner(const Record* r, const ir::Node* n) const;

  TypeStore& store_;
  Annotations& annotations_;
  PrimRules prims_;
  InferenceLimits limits_;
  std::unordered_map<const Context*, std::unique_ptr<Record>> records_;
  std::vector<Record*> stack_;        // records being inferred, innermost last
  std::vector<Record*> provisional_;  // provisional records, in completion order
  std::map<std::pair<const ir::Graph*, const Context*>, size_t> specialisations_;
  size_t steps_ = 0;
};

// How messages name the function a graph belongs to: "function 'f'", "the lambda",
// "constant 'N'", "the expression".
std::string describe_function(const ir::Graph* g);
// The function, lambda, constant or expression graph that g is part of (g itself, or the
// nearest such ancestor of a branch, join or loop graph).
const ir::Graph* enclosing_function(const ir::Graph* g);

}  // namespace fx::types
