// Calls: argument binding (positional and keyword), function values, `if` and `while`.
#include <string>

#include "interp/machine.hpp"
#include "interp/primitives.hpp"
#include "support/diagnostics.hpp"

namespace fx::interp {

using ir::Graph;
using ir::Node;
using ir::Prim;

namespace {

SourceLoc loc_of(const Node* at, const Graph* g) { return at ? at->loc : g->loc; }

std::string plural(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

[[noreturn, gnu::cold, gnu::noinline]] void arity_error(const Graph* g, size_t given, SourceLoc loc) {
  runtime_error(loc, function_name(g) + "() takes " + plural(g->params.size(), "argument") + ", found " +
                         std::to_string(given));
}

[[noreturn, gnu::cold, gnu::noinline]] void not_callable(const Value& fn, SourceLoc loc) {
  if (fn.is_undef()) undefined_error(loc);
  runtime_error(loc, "cannot call a value of type " + type_name(fn) + ": expected a function");
}

[[noreturn, gnu::cold, gnu::noinline]] void no_keywords(ir::Prim p, SourceLoc loc) {
  runtime_error(loc, std::string("builtin ") + ir::prim_name(p) + " does not take keyword arguments");
}

[[noreturn, gnu::cold, gnu::noinline]] void too_deep(size_t limit, SourceLoc loc) {
  runtime_error(loc, "recursion deeper than " + std::to_string(limit) + " calls");
}

}  // namespace

void Machine::begin_call(const Graph* g, const Node* at) {
  if (!counts_as_call(g)) return;
  if (++depth_ > options_.max_call_depth) too_deep(options_.max_call_depth, loc_of(at, g));
}

std::vector<Value> Machine::eval_args(const Node* call, Frame* fr) {
  std::vector<Value> args;
  args.reserve(call->num_args());
  for (size_t i = 1; i < call->inputs.size(); ++i) args.push_back(take(call, i, fr));
  return args;
}

Ref<Frame> Machine::bind_node_args(const Graph* g, Ref<Frame> env, const Node* call, Frame* fr) {
  if (!call->keywords.empty()) {
    std::vector<Value> args = eval_args(call, fr);
    return bind_values(g, std::move(env), args.data(), args.size(), &call->keywords, call);
  }
  // The common case, evaluated straight into the callee's frame. (Type inference's specialiser
  // rewrites calls that leave out defaults; untyped code gets them filled in by bind_values.)
  const size_t n = call->num_args();
  if (n < g->params.size() && g->param_defaults[n]) {
    std::vector<Value> args = eval_args(call, fr);
    return bind_values(g, std::move(env), args.data(), args.size(), nullptr, call);
  }
  if (n != g->params.size()) arity_error(g, n, call->loc);
  Ref<Frame> frame = Frame::make(g, std::move(env));
  for (size_t i = 0; i < n; ++i) frame->slots()[g->params[i]->slot] = take(call, i + 1, fr);
  return frame;
}

Ref<Frame> Machine::bind_values(const Graph* g, Ref<Frame> env, Value* args, size_t n,
                                const std::vector<std::string>* keywords, const Node* at) {
  const SourceLoc loc = loc_of(at, g);
  const auto& params = g->params;
  const size_t named = keywords ? keywords->size() : 0;
  if (named > n) internal_error("interpreter", "a call has more keywords than arguments");
  const size_t positional = n - named;
  if (positional > params.size() || (named == 0 && n < params.size() && !g->param_defaults[n]))
    arity_error(g, n, loc);
  Ref<Frame> frame = Frame::make(g, std::move(env));
  for (size_t i = 0; i < positional; ++i) frame->slots()[params[i]->slot] = std::move(args[i]);
  if (named == 0 && n == params.size()) return frame;

  // Keyword arguments, matched against the parameter names.
  std::vector<bool> bound(params.size(), false);
  for (size_t i = 0; i < positional; ++i) bound[i] = true;
  for (size_t k = 0; k < named; ++k) {
    const std::string& name = (*keywords)[k];
    size_t j = 0;
    while (j < params.size() && params[j]->name != name) ++j;
    if (j == params.size()) runtime_error(loc, function_name(g) + "() has no parameter named '" + name + "'");
    if (bound[j]) runtime_error(loc, function_name(g) + "() got two values for parameter '" + name + "'");
    bound[j] = true;
    frame->slots()[params[j]->slot] = std::move(args[positional + k]);
  }
  for (size_t j = 0; j < params.size(); ++j) {
    if (bound[j]) continue;
    if (!g->param_defaults[j]) runtime_error(loc, function_name(g) + "() is missing the argument '" + params[j]->name + "'");
    frame->slots()[params[j]->slot] = constant(g->param_defaults[j], frame.get());
  }
  return frame;
}

// Not inlined: its argument vector must not sit in the recursive path of direct calls.
[[gnu::noinline]] Value Machine::call_value_node(const Node* call, Frame* fr) {
  Value fn = operand(call->inputs.at(0), fr);
  std::vector<Value> args = eval_args(call, fr);
  return invoke(fn, args.data(), args.size(), &call->keywords, call);
}

Value Machine::invoke(const Value& fn, Value* args, size_t n, const std::vector<std::string>* keywords,
                      const Node* at) {
  const SourceLoc loc = at ? at->loc : SourceLoc{};
  switch (fn.kind()) {
    case Kind::Closure: {
      const ClosureObj& c = fn.as_closure();
      Ref<Frame> frame = bind_values(c.graph, c.env, args, n, keywords, at);
      begin_call(c.graph, at);
      return run(c.graph, std::move(frame), at);
    }
    case Kind::Prim:
      if (keywords && !keywords->empty()) no_keywords(fn.as_prim(), loc);
      return apply_prim_value(fn.as_prim(), args, n, at);
    case Kind::Explicit: return call_explicit(fn.as_explicit(), args, n, keywords, at);
    case Kind::Derived: return call_derived(fn.as_derived(), args, n, keywords, at);
    case Kind::List:
    case Kind::Undef:
    case Kind::None:
    case Kind::Bool:
    case Kind::Int:
    case Kind::Float:
    case Kind::Str:
    case Kind::Tuple:
    case Kind::Struct:
    case Kind::Variant:
    case Kind::Tensor: break;
  }
  not_callable(fn, loc);
}

Value Machine::apply_prim_value(Prim p, Value* args, size_t n, const Node* at) {
  const SourceLoc loc = at ? at->loc : SourceLoc{};
  if (p == Prim::If || p == Prim::While) {
    if (n != 3) runtime_error(loc, std::string("builtin ") + ir::prim_name(p) + " takes 3 arguments, found " +
                                       std::to_string(n));
    if (p == Prim::While) return loop(args[0], args[1], std::move(args[2]), at);
    bool c = require_bool(args[0], loc, "if");
    return invoke(args[c ? 1 : 2], nullptr, 0, nullptr, at);
  }
  if (p == Prim::TreeMap) return eval_tree_map(args, n, at);
  if (p == Prim::Fused && n >= 1) return invoke(args[0], args + 1, n - 1, nullptr, at);
  if (p == Prim::Arg) return program_arg(args, n, at);
  if (is_ad_primitive(p)) return eval_ad_prim(p, args, n, at);
  if (options_.check_nan) [[unlikely]] return apply_checked(p, args, n, at);  // nan_check.cpp
  return apply_primitive(p, loc, args, n, out_);
}

// `if` whose result is used further on (not in tail position).
[[gnu::noinline]] Value Machine::eval_if(const Node* n, Frame* fr) {
  if (n->num_args() != 3) runtime_error(n->loc, "builtin if takes 3 arguments, found " + std::to_string(n->num_args()));
  bool c = require_bool(operand(n->arg(0), fr), n->loc, "if");
  return call_nullary(n->arg(c ? 1 : 2), fr, n);
}

Value Machine::call_nullary(const Node* fn, Frame* fr, const Node* at) {
  if (fn->holds_graph()) {  // the usual case: no closure object needed
    const Graph* g = fn->as_graph();
    Ref<Frame> frame = bind_values(g, env_for(g, fr, at), nullptr, 0, nullptr, at);
    begin_call(g, at);
    return run(g, std::move(frame), at);
  }
  return invoke(operand(fn, fr), nullptr, 0, nullptr, at);
}

[[gnu::noinline]] Value Machine::eval_while(const Node* n, Frame* fr) {
  if (n->num_args() != 3 && n->num_args() != 4)  // the trip count of a counted loop is the tape's business
    runtime_error(n->loc, "builtin while takes 3 arguments, found " + std::to_string(n->num_args()));
  Value cond = operand(n->arg(0), fr);  // one closure per loop, not per iteration
  Value body = operand(n->arg(1), fr);
  return loop(cond, body, take(n, 3, fr), n);  // the state moves: see machine.hpp, last uses
}

namespace {

[[noreturn, gnu::cold, gnu::noinline]] void too_many_iterations(SourceLoc loc, size_t limit) {
  runtime_error(loc, "loop ran more than " + std::to_string(limit) + " iterations (the limit set by --max-loop-iterations)");
}

}  // namespace

// while(cond, body, init): iterates in C++, so a loop of any length uses constant stack.
Value Machine::loop(const Value& cond, const Value& body, Value state, const Node* at) {
  const SourceLoc loc = at ? at->loc : SourceLoc{};
  const size_t limit = options_.max_loop_iterations;  // 0: none
  for (size_t iterations = 0;; ++iterations) {
    Value arg = state;
    Value go = invoke(cond, &arg, 1, nullptr, at);
    if (!require_bool(go, loc, "the condition of while")) return state;
    if (iterations == limit && limit != 0) too_many_iterations(loc, limit);
    arg = std::move(state);
    state = invoke(body, &arg, 1, nullptr, at);
  }
}

}  // namespace fx::interp
