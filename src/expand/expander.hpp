// Derivatives ahead of time (docs/ad.md §10): rewrites the typed program reachable from an
// entry graph so that every derivative is ordinary IR built before the program runs.
//
// The AD engine (src/ad/) already turns a closed graph into its T and J transforms, and a
// derived function's call into a template graph on jfn/tfn. What it left to run time is
// *which* code a function value holds. The expander knows that ahead of time from the
// inferred types and from the IR itself (static_value.hpp): a closure_at names the typed
// clone a call runs, make_closure names its code, the AD operators name their template, and
// that knowledge flows through tuples, calls and loops. So it
//   - instantiates every called derived function's template for its argument structure,
//     with the transforms pushed on it, and calls it directly: call(@template', env, args);
//   - replaces jfn(f)/tfn(f) by make_closure(@J(code), env) / make_closure(@T(code), env);
//   - specialises each generated graph for what is known of its parameters (a clone per
//     signature), so that the same resolution reaches into templates, transforms, helpers
//     and loop bodies, to any order of differentiation;
//   - represents a derived function value by its env tuple (the operator's arguments): its
//     code is known wherever it is called.
// What cannot be resolved is recorded as a leftover (with where and why): a located compile
// error for the program (Compilation::expand_derivatives), and `fluxion ir --stage expanded`
// lists the leftovers.
#pragma once
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ad/context.hpp"
#include "expand/static_value.hpp"
#include "types/generated_typing.hpp"
#include "ir/ir.hpp"
#include "support/diagnostics.hpp"
#include "types/annotation.hpp"
#include "types/type.hpp"

namespace fx::expand {

struct Leftover {
  SourceLoc loc;
  std::string what;
};

class Expander {
 public:
  // The store and annotations of the inference that typed the program: the results of
  // derived functions called inside generated graphs get their types from them.
  Expander(ir::Module& m, ad::Context& cx, types::TypeStore& store, types::Annotations& annotations)
      : m_(m), cx_(cx), store_(store), annotations_(annotations), typing_(store, annotations) {}

  // Rewrites the typed clones reachable from `entry` in place (and builds the graphs they
  // call). Complete when leftovers() (those of this call) is empty. May be called for several
  // entries: one that reaches a clone an earlier call left unfinished gets its leftover too.
  void expand(ir::Graph* entry);
  // Whether grad and value_and_grad of a function of one f64 with an f64 result run in
  // forward mode (forward_grad): an optimisation, off with --opt=0 and --grad-mode=reverse.
  void choose_forward_mode(bool on) { forward_mode_ = on; }
  const std::vector<Leftover>& leftovers() const { return leftovers_; }
  // Whether an expand() call with leftovers rewrote clone g: it keeps untyped nodes for good.
  bool unfinished(const ir::Graph* g) const { return unfinished_.count(g) != 0; }
  // The code a function value is known to be (its static is one code, or one typed clone of
  // the user's), else null.
  const ir::Graph* code_of(const ir::Node* f);
  // Every graph of the expanded program: the typed clones, then the graphs built here.
  std::vector<const ir::Graph*> graphs() const;
  // For each graph built here, the derivative operators (outermost first) whose expansion
  // built it: what --check-nan names (interp::Options::derivative_operators).
  const std::unordered_map<const ir::Graph*, std::vector<ad::Generic>>& operators() const { return operators_of_; }

 private:
  // Where the nodes of one graph go: back into the same graph (a typed clone, rewritten in
  // place) or into a specialised copy (a generated graph).
  struct Scope {
    ir::Graph* out;
    bool in_place;
    std::unordered_map<const ir::Node*, ir::Node*> map;
  };

  void rewrite_user(ir::Graph* g);
  ir::Graph* specialise(ir::Graph* g, std::vector<StaticRef> params);
  ir::Node* visit(Scope& s, ir::Node* n);
  ir::Node* visit_prim(Scope& s, ir::Node* n, ir::Prim p, std::vector<ir::Node*>& in);
  ir::Node* visit_call(Scope& s, ir::Node* n, std::vector<ir::Node*>& in);
  // as_code: a primitive's transform as the closure of a code of its own (in a dispatch's
  // case), not as a derived function's env.
  ir::Node* transformed(Scope& s, ir::Node* n, ad::Mode mode, ir::Node* f, bool as_code = false);
  // in: n's inputs in this scope, for when the call cannot be expanded.
  ir::Node* call_derived(Scope& s, ir::Node* n, const StaticRef& d, ir::Node* env, const std::vector<ir::Node*>& args,
                         const std::vector<ir::Node*>& in);
  ir::Node* branch(Scope& s, ir::Node* closure, std::vector<StaticRef> args, StaticRef* out);
  ir::Node* visit_while(Scope& s, ir::Node* n, std::vector<ir::Node*>& in);
  // Where f's static is OneOf(codes): `if closure_is(f, @code1): case(f as code1, extra)
  // elif ...: ... else: case(f as the last code, extra)`, each case built in a branch graph of
  // its own by `build_case`, with f (and `extra`, in order) read from the branch's env.
  using CaseBuilder = std::function<ir::Node*(Scope& b, ir::Node* f, const std::vector<ir::Node*>& extra)>;
  ir::Node* dispatch(Scope& s, ir::Node* f, const StaticRef& sf, const std::vector<ir::Node*>& extra, SourceLoc loc,
                     const CaseBuilder& build_case);

  // n with `inputs`, in scope's graph: n itself (in place) or a copy.
  ir::Node* emit(Scope& s, ir::Node* n, std::vector<ir::Node*> inputs, StaticRef st);
  // A new node in the scope's graph.
  ir::Node* add(Scope& s, ir::Prim p, std::vector<ir::Node*> args, SourceLoc loc, StaticRef st = nullptr);
  ir::Node* add_call(Scope& s, ir::Node* callee, std::vector<ir::Node*> args, SourceLoc loc, StaticRef st);
  ir::Node* mapped(Scope& s, ir::Node* x);
  bool bottom_operand(const ir::Node* n);
  StaticRef output_of(const ir::Graph* c, StaticRef otherwise);
  StaticRef static_of(const ir::Node* x);
  // A function's static with what its type says made explicit (a derived function's operator).
  bool holds_derived(const StaticRef& s);
  StaticRef refine(const StaticRef& s);
  // What is known of the env of a closure of typed clone `clone`: its free variables' statics.
  StaticRef native_env(const ir::Graph* clone);
  // What is known of zeros_like(x) for x of static s: the tangent of a function value is that
  // of its env (interp/ad_values.cpp), of anything else its own structure.
  StaticRef tangent_of(const StaticRef& s, int depth = 0);
  // The env a call of closure value f passes to f's code.
  ir::Node* env_of(Scope& s, ir::Node* f, SourceLoc loc);
  void leftover(SourceLoc loc, std::string what);
  // A derivative that cannot be built (a primitive without a rule, argnums out of range, ...)
  // fails where the run-time engine would: a `fail` node with its located message.
  ir::Node* failure(Scope& s, const RuntimeError& e);
  // The type of calling derived function d (no transforms pushed) with arguments of these
  // statics, from the types of what it differentiates; null when not known.
  const types::Type* derived_result(const StaticRef& d, const std::vector<StaticRef>& args);
  const types::Type* function_result(const StaticRef& d, const std::vector<StaticRef>& args);
  bool forward_grad(const StaticRef& d, const std::vector<StaticRef>& args);
  bool reverse_mode_observable();
  bool may_hold_floats(const StaticRef& s, int depth);
  bool captures_floats(const ir::Graph* g);
  const types::Type* type_of(const StaticRef& s, int depth = 0);
  // The type of primitive application n from what is known of its operands (types/generated_typing.hpp).
  const types::Type* prim_result(const ir::Node* n);
  // The least static above both (static_value.hpp's join), keeping the type two different
  // values share: a loop state that starts as the constant 0.0 stays an f64.
  StaticRef merge(const StaticRef& a, const StaticRef& b);
  // Where a and b are structures of different shapes (the env tangents of different codes,
  // from a dispatch's cases): Alts of them, one per tuple length (static_value.hpp).
  StaticRef merge_structures(const StaticRef& a, const StaticRef& b);

  ir::Module& m_;
  ad::Context& cx_;
  types::TypeStore& store_;
  types::Annotations& annotations_;
  types::PrimTyping typing_;
  std::vector<ir::Graph*> user_;  // the typed clones, in the order they are rewritten
  size_t rewritten_ = 0;          // how many of them are
  std::unordered_map<const ir::Graph*, bool> user_seen_;
  std::unordered_map<const ir::Node*, ir::Node*> replaced_;  // user nodes that stand for another
  std::unordered_map<const ir::Node*, StaticRef> statics_;
  std::map<std::string, ir::Graph*> specialised_;
  std::vector<std::string> specialised_order_;  // specialised_'s keys, oldest first
  std::unordered_map<const ir::Graph*, RecurSlot*> in_progress_;
  std::deque<RecurSlot> slots_;  // what Recur statics name (static_value.hpp)
  std::unordered_map<const ir::Graph*, StaticRef> outputs_;
  std::vector<ir::Graph*> built_;
  std::vector<Leftover> leftovers_;  // of the last expand() call
  bool forward_mode_ = false;
  std::optional<bool> observable_;  // reverse_mode_observable(), once computed
  // The clones an expand() call with leftovers rewrote, and its first leftover.
  std::unordered_map<const ir::Graph*, Leftover> unfinished_;
  std::vector<ad::Generic> operators_;  // the derived calls being expanded, outermost first
  std::unordered_map<const ir::Graph*, std::vector<ad::Generic>> operators_of_;
  SourceLoc user_site_;  // the typed clone's node being rewritten (where leftovers are reported)
};

}  // namespace fx::expand
