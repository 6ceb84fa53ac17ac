// The evaluation loop: graphs, operands, primitive applies and tail calls (machine.hpp).
#include "interp/interp.hpp"

#include <variant>

#include "interp/format.hpp"
#include "interp/machine.hpp"
#include "interp/primitives.hpp"
#include "support/diagnostics.hpp"
#include "support/large_stack.hpp"

namespace fx::interp {

using ir::Graph;
using ir::Node;
using ir::Prim;

namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

// Error paths live in separate cold functions so that their string temporaries do not
// enlarge the C++ frames of the recursive evaluation path.
[[noreturn, gnu::cold, gnu::noinline]] void no_output(const Graph* g) {
  internal_error("interpreter", "graph " + g->name + " has no output");
}

[[noreturn, gnu::cold, gnu::noinline]] void invisible_node(const Node* n, const Frame* fr) {
  internal_error("interpreter", "node %" + std::to_string(n->id) + " of graph " +
                                    (n->graph ? n->graph->name : std::string("?")) +
                                    " is not visible from graph " + fr->graph->name);
}

[[gnu::cold, gnu::noinline]] void refresh_analysis(LastUses& uses, const ir::Module& m) { uses.refresh(m); }

}  // namespace

std::string function_name(const Graph* g) { return function_display_name(*g); }

Machine::~Machine() = default;

ad::Context& Machine::ad() {
  if (options_.ad_context) return *options_.ad_context;
  if (!ad_) ad_ = std::make_unique<ad::Context>(module_);
  return *ad_;
}

Machine::Machine(ir::Module& m, const Options& options, std::ostream& out)
    : module_(m), options_(options), out_(out), stack_limit_(stack_floor()) {
  Cycles::collect_at_thread_exit();
  last_uses_.refresh(m);  // which slots nested graphs read, which reads are last uses
}

// ------------------------------------------------------------------ operands
Frame* Machine::frame_of(const Graph* g, Frame* fr, const Node* at) {
  for (Frame* f = fr; f; f = f->parent.get())
    if (f->graph == g) return f;
  internal_error("interpreter", "graph " + g->name + " has no active frame while evaluating " +
                                    (at ? "node %" + std::to_string(at->id) : std::string("a call")));
}

Ref<Frame> Machine::env_for(const Graph* g, Frame* fr, const Node* at) {
  if (!g->parent) return {};
  return Ref<Frame>(frame_of(g->parent, fr, at));
}

Value Machine::constant(const Node* n, Frame* fr) {
  return std::visit(
      Overloaded{
          [](ir::Undef) { return Value::undef(); },
          [](ir::NoneVal) { return Value::none(); },
          [](int64_t i) { return Value::integer(i); },
          [](double d) { return Value::real(d); },
          [](bool b) { return Value::boolean(b); },
          [](const std::string& s) { return Value::str(s); },
          [](Prim p) { return Value::prim(p); },
          [&](Graph* g) {
            Ref<Frame> env = env_for(g, fr, n);
            if (env) Cycles::track(env.get());  // the closure may close a cycle through env
            return Value::closure(g, std::move(env));
          },
          [&](const ir::StructDecl* d) -> Value {
            runtime_error(n->loc, "the struct type " + d->name + " cannot be used as a value");
          },
          [&](const ir::VariantDecl* d) -> Value {
            if (d->fields.empty()) return Value::variant(d, {});  // `Empty` is a value
            runtime_error(n->loc, "the variant " + d->name + " needs its fields: " + d->name + "(...)");
          },
      },
      n->value);
}

Value Machine::operand(const Node* n, Frame* fr) {
  if (n->kind == ir::NodeKind::Constant) return constant(n, fr);
  Frame* f = fr;
  while (f->graph != n->graph) {
    f = f->parent.get();
    if (!f) invisible_node(n, fr);
  }
  if (n->slot >= f->slots().size()) invisible_node(n, fr);
  return f->slots()[n->slot];
}

Value Machine::take(const Node* user, size_t input, Frame* fr) {
  const Node* x = user->inputs[input];
  if (last_uses_.moves(user, input) && x->graph == fr->graph && x->slot < fr->slots().size())
    return std::move(fr->slots()[x->slot]);
  return operand(x, fr);
}

// ------------------------------------------------------------------ graphs
Value Machine::run(const Graph* g, Ref<Frame> frame, const Node* at) {
  check_stack(at);
  const uint64_t serial = next_serial_++;
  frame->activation = serial;
  size_t held = counts_as_call(g) ? 1 : 0;  // depth_ units to give back when done
  for (;;) {
    if (!last_uses_.knows(g)) refresh_analysis(last_uses_, module_);  // a graph the AD engine added
    Frame* fr = frame.get();
    const std::vector<Node*>& body = g->body;
    const Node* out = g->output;
    if (!out) no_output(g);
    const size_t n = body.size();
    const bool tail = n > 0 && body[n - 1] == out;
    counters.steps += n;
    for (size_t i = 0, end = tail ? n - 1 : n; i < end; ++i) {
      const Node* b = body[i];
      fr->slots()[b->slot] = eval_apply(b, fr);
    }
    if (tail) {
      Jump j = tail_jump(out, fr);
      if (j.graph) {  // continue in the callee's activation, on the same C++ frame
        j.frame->activation = serial;
        release_finished(fr, serial, j.frame.get());
        if (counts_as_call(j.graph)) ++held;
        begin_call(j.graph, out);
        g = j.graph;
        frame = std::move(j.frame);
        continue;
      }
      release_finished(fr, serial, nullptr);
      depth_ -= held;
      return std::move(j.result);
    }
    Value result = last_uses_.output_moves(g) && out->graph == g ? std::move(fr->slots()[out->slot]) : operand(out, fr);
    release_finished(fr, serial, nullptr);
    depth_ -= held;
    return result;
  }
}

Machine::Jump Machine::tail_jump(const Node* out, Frame* fr) {
  Jump j;
  const Node* callee = out->inputs.at(0);
  if (callee->is_constant()) {
    if (const Prim* p = std::get_if<Prim>(&callee->value)) {
      if (*p != Prim::If || out->inputs.size() != 4) {
        j.result = eval_apply(out, fr);
        return j;
      }
      // if(c, then, else) in tail position: jump into the chosen branch.
      bool c = require_bool(operand(out->arg(0), fr), out->loc, "if");
      const Node* branch = out->arg(c ? 1 : 2);
      if (branch->holds_graph()) {
        j.graph = branch->as_graph();
        j.frame = bind_values(j.graph, env_for(j.graph, fr, out), nullptr, 0, nullptr, out);
        return j;
      }
      Value fn = operand(branch, fr);
      if (fn.kind() == Kind::Closure) {
        j.graph = fn.as_closure().graph;
        j.frame = bind_values(j.graph, fn.as_closure().env, nullptr, 0, nullptr, out);
      } else if (fn.kind() == Kind::Explicit) {  // a branch after closure conversion
        Value env = fn.as_explicit().env;
        j.graph = fn.as_explicit().code;
        j.frame = bind_values(j.graph, {}, &env, 1, nullptr, out);
      } else {
        j.result = invoke(fn, nullptr, 0, nullptr, out);
      }
      return j;
    }
    if (callee->holds_graph()) {
      j.graph = callee->as_graph();
      j.frame = bind_node_args(j.graph, env_for(j.graph, fr, out), out, fr);
      return j;
    }
  }
  Value fn = operand(callee, fr);
  if (fn.kind() == Kind::Closure) {
    std::vector<Value> args = eval_args(out, fr);
    j.graph = fn.as_closure().graph;
    j.frame = bind_values(j.graph, fn.as_closure().env, args.data(), args.size(), &out->keywords, out);
  } else if (fn.kind() == Kind::Explicit && out->num_args() + 1 == fn.as_explicit().code->params.size()) {
    // code(env, args...), in place: the AD transforms' calls keep tail calls.
    std::vector<Value> args;
    args.reserve(out->num_args() + 1);
    args.push_back(fn.as_explicit().env);
    for (size_t i = 0; i < out->num_args(); ++i) args.push_back(take(out, i + 1, fr));
    j.graph = fn.as_explicit().code;
    j.frame = bind_values(j.graph, {}, args.data(), args.size(), &out->keywords, out);
  } else {
    j.result = call_value_node(out, fr);
  }
  return j;
}

void Machine::release_finished(Frame* from, uint64_t serial, const Frame* next) {
  for (Frame* f = from; f && f->activation == serial; f = f->parent.get()) {
    if (next)  // a frame the next activation can still reach is not finished
      for (const Frame* x = next; x; x = x->parent.get())
        if (x == f) return;
    const std::vector<bool>* captured = last_uses_.captured(f->graph);
    if (!captured || captured->size() != f->slots().size()) continue;
    const std::vector<bool>& keep = *captured;
    for (size_t i = 0; i < keep.size(); ++i)
      if (!keep[i]) f->slots()[i] = Value();
  }
}

Value Machine::eval_apply(const Node* n, Frame* fr) {
  if (n->inputs.empty()) internal_error("interpreter", "apply node without a callee");
  const Node* callee = n->inputs[0];
  if (callee->is_constant()) {
    if (const Prim* p = std::get_if<Prim>(&callee->value)) {
      if (*p == Prim::If) return eval_if(n, fr);
      if (*p == Prim::While) return eval_while(n, fr);
      return eval_prim(*p, n, fr);
    }
    if (Graph* const* g = std::get_if<Graph*>(&callee->value)) {
      Ref<Frame> frame = bind_node_args(*g, env_for(*g, fr, n), n, fr);
      begin_call(*g, n);
      return run(*g, std::move(frame), n);
    }
  }
  return call_value_node(n, fr);
}

// ------------------------------------------------------------------ primitives
namespace {

// The declaration held by argument `i` of n, which must be a constant of that kind.
template <class Decl>
const Decl& decl_arg(const Node* n, size_t i) {
  const Node* d = i < n->num_args() ? n->arg(i) : nullptr;
  const Decl* const* decl = d && d->is_constant() ? std::get_if<const Decl*>(&d->value) : nullptr;
  if (!decl || !*decl)
    internal_error("interpreter", std::string(ir::prim_name(*std::get_if<Prim>(&n->inputs[0]->value))) +
                                      " needs a declaration constant as argument " + std::to_string(i));
  return **decl;
}

}  // namespace

// Not inlined into eval_apply: its argument buffer must not sit in the recursive path.
[[gnu::noinline]] Value Machine::eval_prim(Prim p, const Node* n, Frame* fr) {
  if (!n->keywords.empty())
    runtime_error(n->loc, std::string("builtin ") + ir::prim_name(p) + " does not take keyword arguments");
  const size_t count = n->num_args();
  if (p == Prim::TupleGet && count == 2 && last_uses_.steals(n)) {
    // Loop state: take the element out of a tuple only this frame holds (last_use.hpp).
    const Node* t = n->arg(0);
    if (t->graph == fr->graph && t->slot < fr->slots().size()) {
      Value& held = fr->slots()[t->slot];
      const auto k = static_cast<size_t>(n->arg(1)->as_int());
      if (held.kind() == Kind::Tuple && held.is_sole_owner() && k < held.items().size()) return take_item(held, k);
    }
  }
  switch (p) {
    case Prim::If: return eval_if(n, fr);
    case Prim::While: return eval_while(n, fr);
    case Prim::ClosureAt:  // only the function is a value; the clones are code references
      if (count < 1) break;
      return closure_at(take(n, 1, fr), n);
    case Prim::ClosureIs:  // of a typed clone (one of the user's closures an `if` chose): a code reference
      if (count == 2 && n->arg(1)->holds_graph() && n->arg(1)->as_graph()->origin) {
        const Value f = take(n, 1, fr);
        return Value::boolean(f.kind() == Kind::Closure && f.as_closure().graph == n->arg(1)->as_graph());
      }
      break;
    case Prim::Arg: {
      std::vector<Value> args = eval_args(n, fr);
      return program_arg(args.data(), args.size(), n);
    }
    case Prim::TreeMap: {
      std::vector<Value> args = eval_args(n, fr);
      return eval_tree_map(args.data(), args.size(), n);
    }
    case Prim::Fused: {  // the kernel called on the operands (ops.def): its values and errors
      std::vector<Value> args = eval_args(n, fr);
      if (args.empty()) break;
      return invoke(args[0], args.data() + 1, args.size() - 1, nullptr, n);
    }
    case Prim::MakeStruct:
    case Prim::MakeVariant: {
      std::vector<Value> fields;
      fields.reserve(count ? count - 1 : 0);
      for (size_t i = 1; i < count; ++i) fields.push_back(take(n, i + 1, fr));
      if (p == Prim::MakeStruct) return build_struct(decl_arg<ir::StructDecl>(n, 0), std::move(fields), n->loc);
      return build_variant(decl_arg<ir::VariantDecl>(n, 0), std::move(fields), n->loc);
    }
    case Prim::VariantField:
      if (count != 3) break;
    {
      Value x = take(n, 1, fr);  // operands in order: a later position may move what an earlier one copies
      return variant_field(x, decl_arg<ir::VariantDecl>(n, 1), take(n, 3, fr), n->loc);
    }
    case Prim::GetAttr:
    case Prim::SetAttr: {
      // The field name is a string constant: read it in place instead of boxing it.
      if (count < 2 || !n->arg(1)->is_constant() || !std::holds_alternative<std::string>(n->arg(1)->value))
        break;
      const std::string& field = n->arg(1)->as_str();
      if (p == Prim::GetAttr && count == 2) return get_attr(take(n, 1, fr), field, n->loc);
      if (p == Prim::SetAttr && count == 3)
      {
        Value x = take(n, 1, fr);
        return set_attr(x, field, take(n, 3, fr), n->loc);
      }
      break;
    }
    default:  // everything else takes evaluated operands
      break;
  }
  if (is_ad_primitive(p)) {  // ad_runtime.cpp
    if (count <= 3) {
      Value args[3];
      for (size_t i = 0; i < count; ++i) args[i] = take(n, i + 1, fr);
      // inf + -inf: the sum of two cotangents is where a reverse pass may make its first nan.
      if (options_.check_nan && p == Prim::AddTangent) [[unlikely]] return apply_checked(p, args, count, n);
      return eval_ad_prim(p, args, count, n);
    }
    std::vector<Value> args = eval_args(n, fr);
    return eval_ad_prim(p, args.data(), args.size(), n);
  }
  if (count <= 3) {
    Value args[3];
    for (size_t i = 0; i < count; ++i) args[i] = take(n, i + 1, fr);
    if (options_.check_nan) [[unlikely]] return apply_checked(p, args, count, n);  // nan_check.cpp
    return apply_primitive(p, n->loc, args, count, out_);
  }
  std::vector<Value> args = eval_args(n, fr);
  if (options_.check_nan) [[unlikely]] return apply_checked(p, args.data(), args.size(), n);
  return apply_primitive(p, n->loc, args.data(), args.size(), out_);
}

void Machine::check_stack(const Node* at) const {
  if (!stack_limit_) return;
  auto here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  if (here >= stack_limit_) return;
  runtime_error(at ? at->loc : SourceLoc{},
                "recursion too deep: the interpreter's stack ran out after " + std::to_string(depth_) +
                    " nested calls (the call depth limit is " + std::to_string(options_.max_call_depth) + ")");
}

// ------------------------------------------------------------------ entry point
Value Machine::call_top(const Graph* g, const std::vector<Value>& args) {
  if (!g) internal_error("interpreter", "call_graph without a graph");
  if (g->parent)
    runtime_error(g->loc, function_name(g) + " is a nested function: only top-level functions can be run");
  TopLevel top(*this);  // collects cycles when the call ends, normally or by an error
  stack_limit_ = stack_floor();  // a Session may be called from several threads (one at a time)
  std::vector<Value> copy = args;
  Ref<Frame> frame = bind_values(g, {}, copy.data(), copy.size(), nullptr, nullptr);
  begin_call(g, nullptr);
  Value result = run(g, std::move(frame), nullptr);
  if (result.is_undef()) undefined_error(g->output ? g->output->loc : g->loc);
  return result;
}

Value Machine::call_function(const Value& fn, std::vector<Value> args) {
  TopLevel top(*this);
  stack_limit_ = stack_floor();
  Value result = invoke(fn, args.data(), args.size(), nullptr, nullptr);
  if (result.is_undef()) undefined_error({});
  return result;
}

Value call_graph(ir::Module& m, const ir::Graph* g, const std::vector<Value>& args,
                 const Options& options, std::ostream& out) {
  Machine machine(m, options, out);
  return machine.call_top(g, args);
}

Session::Session(ir::Module& m, const Options& options, std::ostream& out)
    : machine_(std::make_unique<Machine>(m, options, out)) {}
Session::~Session() = default;
Value Session::call(const ir::Graph* g, const std::vector<Value>& args) { return machine_->call_top(g, args); }
ad::Context& Session::ad() { return machine_->ad(); }
Value Session::call_value(const Value& fn, std::vector<Value> args) {
  return machine_->call_function(fn, std::move(args));
}

}  // namespace fx::interp
