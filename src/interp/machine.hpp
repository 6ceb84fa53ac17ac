// The evaluator behind call_graph (internal to src/interp/).
//
// Frames: one per graph activation (value.hpp), linked to the frame of the graph's lexical
// parent. A node of the running graph is read from the current frame; a node of an ancestor
// graph from the nearest frame of that graph up the parent chain.
//
// C++ stack: `run` evaluates a graph's body in a loop, and a call in tail position (the
// output is the last body node) replaces the running activation instead of recursing. Every
// `if` statement lowers to `if(c, branch, branch)` whose branches tail-call a join graph,
// so one Fluxion call costs one `run` + `eval_apply` pair of C++ frames, however many `if`s
// it runs. `while` iterates in C++. The Fluxion call depth is counted (Options) and the
// remaining C++ stack is checked, so deep recursion is a located error, never a crash.
// Measured with GCC 12 -O2: ~300 bytes of C++ stack per direct Fluxion call, ~580 through a
// function value, +220 when the value of an `if` is used inside an expression; so 10000
// calls need ~3-6 MiB and 100000 calls ~30-60 MiB. AddressSanitizer builds use ~4x more.
// Keep error paths out of these functions (cold helpers): string temporaries enlarge frames.
//
// Automatic differentiation (docs/ad.md): the AD primitives evaluate to explicit closures,
// derived functions and persistent lists (value.hpp); jfn/tfn and calls of derived functions
// ask the AD engine (ad::Context, created on first use) for closed graphs, which it adds to
// the module — hence a non-const module. Those graphs are top-level and closed, so their
// frames are never captured.
//
// Last uses: an operand read for the last time in its graph is moved out of its frame slot
// (Machine::take, last_use.hpp), so that set_index finds the only reference to a tensor and
// updates it in place; the while driver moves the loop state into the body's frame.
//
// Reference cycles: a frame slot may hold a closure over that same frame or a descendant of
// it (`r = if(...)` returning a nested def; a lambda made in a loop body and kept after the
// loop). When a run finishes, the slots of its frames that no nested graph can read are
// cleared, so the frames captured by closures keep only what the closures may need; the
// cycles through captured slots are left to the cycle collector (cycles.hpp): every frame
// that becomes a closure's environment is tracked, and when a top-level call (call_top,
// call_function) returns or fails, whatever only cycles keep alive is freed. A closure the
// caller still holds keeps its frames (until a later collection, or the thread's end, finds
// them dropped); garbage cycles made during a call live until it ends.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "ad/context.hpp"

#include "interp/cycles.hpp"
#include "interp/interp.hpp"
#include "interp/last_use.hpp"
#include "interp/value.hpp"
#include "ir/ir.hpp"

namespace fx::interp {

class Machine {
 public:
  Machine(ir::Module& m, const Options& options, std::ostream& out);
  ~Machine();
  Value call_top(const ir::Graph* g, const std::vector<Value>& args);
  // Calls any function value (closures, primitives, explicit closures, derived functions).
  Value call_function(const Value& fn, std::vector<Value> args);
  ad::Context& ad();

 private:
  // ---- evaluation (interp.cpp)
  // Runs g in `frame` (parameters bound); depth_ already counts g. `at` locates errors.
  Value run(const ir::Graph* g, Ref<Frame> frame, const ir::Node* at);
  Value eval_apply(const ir::Node* n, Frame* fr);
  Value eval_prim(ir::Prim p, const ir::Node* n, Frame* fr);
  Value operand(const ir::Node* n, Frame* fr);
  // user->inputs[input] for evaluating user in fr: moved out of its slot when this is its
  // last use (last_use.hpp), copied otherwise.
  Value take(const ir::Node* user, size_t input, Frame* fr);
  Value constant(const ir::Node* n, Frame* fr);
  // The nearest frame of graph g from fr outwards.
  Frame* frame_of(const ir::Graph* g, Frame* fr, const ir::Node* at);
  // The environment of a closure of g created while fr runs: the frame of g->parent.
  Ref<Frame> env_for(const ir::Graph* g, Frame* fr, const ir::Node* at);
  // The activation `run` continues with when the output node `out` is a call; a null
  // graph means `out` was evaluated into `result` instead.
  struct Jump {
    const ir::Graph* graph = nullptr;
    Ref<Frame> frame;
    Value result;
  };
  Jump tail_jump(const ir::Node* out, Frame* fr);
  // Drops the values of finished frames of run `serial`, from fr up to (excluding) `keep`.
  void release_finished(Frame* fr, uint64_t serial, const Frame* keep);
  // Counts the top-level calls in progress; the outermost collects cycles when it ends.
  // A call that ends with an error does not give back the depth of the calls it was in: the
  // depth at entry is restored, so that a Session (the embedding API) goes on after an error.
  struct TopLevel {
    explicit TopLevel(Machine& m) : machine(m), depth(m.depth_) { ++machine.top_level_; }
    ~TopLevel() {
      machine.depth_ = depth;
      if (--machine.top_level_ == 0) Cycles::collect();
    }
    Machine& machine;
    size_t depth;
  };

  // ---- calls (calls.cpp)
  // Counts one call to g (if g is a Fluxion-level function) and checks the limits.
  void begin_call(const ir::Graph* g, const ir::Node* at);
  // A frame for g with env as parent and the arguments bound to g's parameters.
  Ref<Frame> bind_node_args(const ir::Graph* g, Ref<Frame> env, const ir::Node* call, Frame* fr);
  Ref<Frame> bind_values(const ir::Graph* g, Ref<Frame> env, Value* args, size_t n,
                         const std::vector<std::string>* keywords, const ir::Node* at);
  std::vector<Value> eval_args(const ir::Node* call, Frame* fr);
  // Calls a function value with evaluated arguments.
  Value invoke(const Value& fn, Value* args, size_t n, const std::vector<std::string>* keywords,
               const ir::Node* at);
  Value call_value_node(const ir::Node* call, Frame* fr);
  Value apply_prim_value(ir::Prim p, Value* args, size_t n, const ir::Node* at);
  Value eval_if(const ir::Node* n, Frame* fr);
  Value eval_while(const ir::Node* n, Frame* fr);
  // tree_map(f, x, y...) (tree_map.cpp).
  Value eval_tree_map(Value* args, size_t n, const ir::Node* at);
  Value tree_map_node(const Value& f, std::vector<Value>& trees, const ir::Node* at);
  // arg(i, default) (program_args.cpp).
  Value program_arg(Value* args, size_t n, const ir::Node* at);
  Value loop(const Value& cond, const Value& body, Value state, const ir::Node* at);
  Value call_nullary(const ir::Node* fn, Frame* fr, const ir::Node* at);
  void check_stack(const ir::Node* at) const;

  // ---- automatic differentiation (ad_runtime.cpp, ad_values.cpp; docs/ad.md)
  // The AD primitives (grad ... list_is_empty) on evaluated arguments.
  Value eval_ad_prim(ir::Prim p, Value* args, size_t n, const ir::Node* at);
  // jfn(f) (Reverse) / tfn(f) (Forward).
  Value transformed(ad::Mode mode, const Value& f, const ir::Node* at);
  Value call_explicit(const ExplicitObj& c, Value* args, size_t n, const std::vector<std::string>* keywords,
                      const ir::Node* at);
  Value call_derived(const DerivedObj& d, Value* args, size_t n, const std::vector<std::string>* keywords,
                     const ir::Node* at);
  // The env tuple of a native closure, in the order of its closure conversion.
  Value closure_env(const ClosureObj& c, const ir::Node* at);
  // closure_at(f, @clones...) (ops.def): f switched to the clones listed at node `at`.
  Value closure_at(const Value& f, const ir::Node* at);
  // zeros_like and add_tangent (ad_values.cpp): structural, iterative.
  Value tangent_view(const Value& v, const ir::Node* at);
  Value zeros_like(const Value& v, const ir::Node* at);
  // Takes its operands: what only they hold (a loop's accumulated cotangent) is updated in place.
  Value add_tangent(Value a, Value b, const ir::Node* at);
  // Where errors of a derived call without a location of its own are reported.
  SourceLoc site(const ir::Node* at) const;
  // Derivatives are built ahead of time: reaching the run-time AD engine is an error unless
  // Options::runtime_ad (the AD unit tests) allows it.
  void require_runtime_ad(const std::string& what, SourceLoc loc) const;

  // ---- --check-nan (nan_check.cpp): applies primitive p (apply_primitive, or eval_ad_prim
  // for add_tangent) and throws a located error when it made a nan or an infinity out of
  // finite operands. The operands are kept (not consumed in place) for the message.
  Value apply_checked(ir::Prim p, Value* args, size_t n, const ir::Node* at);

  size_t top_level_ = 0;  // top-level calls in progress (TopLevel)
  ir::Module& module_;
  const Options& options_;
  std::ostream& out_;
  size_t depth_ = 0;              // Fluxion-level calls in progress
  uint64_t next_serial_ = 1;      // numbers the runs (Frame::activation)
  uintptr_t stack_limit_ = 0;     // lowest safe C++ stack address; 0: unknown
  // Which reads are last uses, and which slots nested graphs read (last_use.hpp).
  LastUses last_uses_;
  std::unique_ptr<ad::Context> ad_;  // created on first use
  SourceLoc derived_site_;           // the innermost located call of a derived function
  std::vector<ad::Generic> derivatives_;  // derived calls in progress, with --check-nan only
};

// Name of a function for messages (function_display_name).
std::string function_name(const ir::Graph* g);

// Does a call of g count towards Options::max_call_depth? Functions and lambdas do; the
// graphs that `if` statements and loops lower to (branches, joins, loop parts) do not.
inline bool counts_as_call(const ir::Graph* g) { return ir::counts_as_call(g->role); }

}  // namespace fx::interp
