// Automatic differentiation at run time (docs/ad.md): the AD primitives, jfn/tfn, and calls
// of explicit closures and derived functions. The transformations themselves are the AD
// engine's (src/ad/); this file connects run-time values to it.
#include <string>

#include "ad/closure_convert.hpp"
#include "interp/format.hpp"
#include "interp/machine.hpp"
#include "interp/nan_check.hpp"
#include "interp/primitives.hpp"
#include "support/diagnostics.hpp"

namespace fx::interp {

using ir::Graph;
using ir::Node;
using ir::Prim;

bool is_ad_primitive(Prim p) {
  const ir::PrimFamily family = ir::prim_info(p).family;
  return family == ir::PrimFamily::AD_OPERATOR || family == ir::PrimFamily::AD_INTERNAL;
}

namespace {

std::string plural(size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

const char* op_name(Prim p) { return ir::prim_name(p); }

void require_function(Prim p, const Value& f, SourceLoc loc) {
  if (!f.is_function())
    runtime_error(loc, std::string(op_name(p)) + " expects a function, found " + type_name(f));
}

// argnums: an i64 or a non-empty tuple of them.
ad::Argnums read_argnums(const Value& v, const char* op, SourceLoc loc) {
  ad::Argnums a;
  if (v.kind() == Kind::Int) {
    a.nums = {v.as_int()};
    return a;
  }
  if (v.kind() == Kind::Tuple && !v.items().empty()) {
    a.tuple = true;
    a.nums.clear();
    for (const Value& x : v.items()) {
      if (x.kind() != Kind::Int) break;
      a.nums.push_back(x.as_int());
    }
    if (a.nums.size() == v.items().size()) return a;
  }
  runtime_error(loc, std::string(op) + ": argnums must be an i64 or a tuple of i64, found " + type_name(v));
}

const ListObj& require_list(const Value& v, Prim p) {
  if (v.kind() != Kind::List)
    internal_error("interpreter", std::string(op_name(p)) + " expects a list, found " + type_name(v));
  return v.as_list();
}

Value make_derived(ad::Generic kind, Prim prim, Value env, std::vector<ad::Mode> stack = {}) {
  return Value::derived(Ref<DerivedObj>(new DerivedObj(kind, prim, std::move(env), std::move(stack))));
}

}  // namespace

SourceLoc Machine::site(const Node* at) const { return at && at->loc.valid() ? at->loc : derived_site_; }

// ------------------------------------------------------------------ the primitives
// Derivatives are built ahead of time (docs/ad.md §10): only the AD engine's unit tests build
// them here (Options::runtime_ad).
void Machine::require_runtime_ad(const std::string& what, SourceLoc loc) const {
  if (options_.runtime_ad) return;
  if (options_.expanded)
    internal_error("interpreter", "the expanded program reached " + what + " at run time (line " +
                                      std::to_string(loc.line) + ")");
  runtime_error(loc, "cannot build the derivative (" + what + ") of code that was not typed ahead of time: a "
                     "function the host passes as an argument is run untyped (docs/embedding.md)");
}

Value Machine::eval_ad_prim(Prim p, Value* args, size_t n, const Node* at) {
  const SourceLoc loc = site(at);
  if (ir::prim_info(p).family == ir::PrimFamily::AD_OPERATOR || p == Prim::Jfn || p == Prim::Tfn)
    require_runtime_ad(ir::prim_name(p), loc);
  const ir::PrimInfo& info = ir::prim_info(p);
  if (info.arity >= 0 && n != static_cast<size_t>(info.arity))
    runtime_error(loc, std::string("builtin ") + info.name + " takes " + plural(info.arity, "argument") + ", found " +
                           std::to_string(n));
  if (p != Prim::ZerosLike && p != Prim::AddTangent && p != Prim::MakeClosure)
    for (size_t i = 0; i < n; ++i) check_defined(args[i], loc);
  auto env_of_args = [&] { return Value::tuple(std::vector<Value>(args, args + n)); };
  switch (p) {
    case Prim::Grad:
    case Prim::ValueAndGrad:
    case Prim::Jacfwd:
    case Prim::Jacrev:
    case Prim::Hessian:
      require_function(p, args[0], loc);
      read_argnums(args[1], op_name(p), loc);
      return make_derived(*ad::generic_of_prim(p), p, env_of_args());
    case Prim::Derivative:
    case Prim::Checkpoint:
    case Prim::CustomVjp:
    case Prim::CustomJvp:
      for (size_t i = 0; i < n; ++i) require_function(p, args[i], loc);
      return make_derived(*ad::generic_of_prim(p), p, env_of_args());
    case Prim::Jvp:
    case Prim::Vjp: {
      if (n == 0) runtime_error(loc, std::string(op_name(p)) + " needs a function");
      require_function(p, args[0], loc);
      Value d = make_derived(*ad::generic_of_prim(p), p, Value::tuple({args[0]}));
      return call_derived(d.as_derived(), args + 1, n - 1, nullptr, at);
    }
    case Prim::StopGradient:
    case Prim::GradHook: return args[0];
    case Prim::MakeClosure: {
      const Value& code = args[0];
      if (code.kind() == Kind::Closure && !code.as_closure().graph->parent)
        return Value::explicit_closure(code.as_closure().graph, args[1]);
      if (code.kind() == Kind::Str)
        if (auto g = ad::generic_from_name(code.as_str())) return make_derived(*g, Prim{}, args[1]);
      internal_error("interpreter", "make_closure needs a closed graph or a generic code, found " + type_name(code));
    }
    case Prim::ClosureEnv:
      switch (args[0].kind()) {
        case Kind::Closure: return closure_env(args[0].as_closure(), at);
        case Kind::Explicit: return args[0].as_explicit().env;
        case Kind::Derived: return args[0].as_derived().env;
        default: internal_error("interpreter", "closure_env of " + type_name(args[0]));
      }
    case Prim::ClosureIs: {
      const Value& code = args[1];
      if (code.kind() == Kind::Prim) return Value::boolean(args[0].kind() == Kind::Prim && args[0].as_prim() == code.as_prim());
      if (code.kind() != Kind::Closure || code.as_closure().graph->parent)
        internal_error("interpreter", "closure_is needs a closed graph, found " + type_name(code));
      return Value::boolean(args[0].kind() == Kind::Explicit && args[0].as_explicit().code == code.as_closure().graph);
    }
    case Prim::Jfn: return transformed(ad::Mode::Reverse, args[0], at);
    case Prim::Tfn: return transformed(ad::Mode::Forward, args[0], at);
    case Prim::ZerosLike: return zeros_like(args[0], at);
    case Prim::GradSeed: return grad_seed(args[0], loc);
    case Prim::AddTangent: return add_tangent(std::move(args[0]), std::move(args[1]), at);
    case Prim::ListEmpty: {
      if (n == 0 || args[0].kind() != Kind::Int || args[0].as_int() <= 0) return Value::list(Ref<ListObj>(new ListObj()));
      Ref<TapeObj> tape(new TapeObj());  // a counted loop's tape: room for its trip count
      tape->plan(static_cast<size_t>(args[0].as_int()));
      return Value::list(Ref<ListObj>(new ListObj(std::move(tape), 0)));
    }
    case Prim::ListPush:
      require_list(args[0], p);
      return list_push(args[0], args[1]);
    case Prim::ListTop:
    case Prim::ListPop:
    case Prim::ListIsEmpty: {
      const ListObj& l = require_list(args[0], p);
      if (p == Prim::ListIsEmpty) return Value::boolean(l.size == 0);
      if (l.size == 0) internal_error("interpreter", std::string(op_name(p)) + " of an empty list");
      return p == Prim::ListTop ? list_top(l) : list_pop(l);
    }
    default:  // not an AD primitive (ops.def's family column): reported below
      break;
  }
  internal_error("interpreter", std::string(op_name(p)) + " is not an AD primitive");
}

// ------------------------------------------------------------------ jfn / tfn
Value Machine::closure_env(const ClosureObj& c, const Node* at) {
  const ad::Converted& conv = ad().convert(c.graph);
  std::vector<Value> env;
  env.reserve(conv.free_vars.size());
  for (const Node* x : conv.free_vars) {
    Frame* f = c.env.get();
    while (f && f->graph != x->graph) f = f->parent.get();
    if (!f || x->slot >= f->slots().size())
      internal_error("interpreter", "free variable %" + std::to_string(x->id) + " of " + c.graph->name +
                                        " has no frame");
    env.push_back(f->slots()[x->slot]);
  }
  return Value::tuple(std::move(env));
}

Value Machine::transformed(ad::Mode mode, const Value& f, const Node* at) {
  switch (f.kind()) {
    case Kind::Closure: {
      const ClosureObj& c = f.as_closure();
      Graph* code = ad().transform(mode, ad().convert(c.graph).graph);
      return Value::explicit_closure(code, closure_env(c, at));
    }
    case Kind::Explicit: {
      const ExplicitObj& c = f.as_explicit();
      return Value::explicit_closure(ad().transform(mode, const_cast<Graph*>(c.code)), c.env);
    }
    case Kind::Derived: {
      const DerivedObj& d = f.as_derived();
      std::vector<ad::Mode> stack = d.stack;
      stack.push_back(mode);
      return make_derived(d.kind, d.prim, d.env, std::move(stack));
    }
    case Kind::Prim: return make_derived(ad::Generic::PrimFn, f.as_prim(), Value::tuple({}), {mode});
    case Kind::Undef:
    case Kind::None:
    case Kind::Bool:
    case Kind::Int:
    case Kind::Float:
    case Kind::Str:
    case Kind::Tuple:
    case Kind::Struct:
    case Kind::Variant:
    case Kind::List:
    case Kind::Tensor: break;
  }
  runtime_error(site(at), std::string("cannot differentiate a value of type ") + type_name(f) + ": expected a function");
}

// ------------------------------------------------------------------ closure_at
namespace {

// The clone among `at`'s targets that is a sibling of clone g (a clone of the same generic
// graph in the same parent clone), or null.
const Graph* sibling_target(const Graph* g, const Node* at) {
  if (!g || !g->origin) return nullptr;
  for (size_t i = 1; i < at->num_args(); ++i) {
    const Graph* t = at->arg(i)->as_graph();
    if (t->origin == g->origin && t->parent == g->parent) return t;
  }
  return nullptr;
}

}  // namespace

// Siblings share their env layout (closure_convert.cpp gives them the union of their free
// variables), so switching the code keeps the env, the frame and the tangent space as they are.
Value Machine::closure_at(const Value& f, const Node* at) {
  if (f.kind() == Kind::Closure) {
    const ClosureObj& c = f.as_closure();
    const Graph* t = sibling_target(c.graph, at);
    return t ? Value::closure(t, c.env) : f;
  }
  if (f.kind() == Kind::Explicit) {  // a closure after closure conversion: code = cc(clone)
    const ExplicitObj& c = f.as_explicit();
    const Graph* t = sibling_target(ad().converted_from(c.code), at);
    return t ? Value::explicit_closure(ad().convert(t).graph, c.env) : f;
  }
  if (f.kind() == Kind::Tuple) {  // a derived function in the expanded program is its env tuple
    std::vector<Value> items;
    for (const Value& x : f.items()) items.push_back(x.is_function() || x.kind() == Kind::Tuple ? closure_at(x, at) : x);
    return Value::tuple(std::move(items));
  }
  if (f.kind() == Kind::Derived && f.as_derived().env.kind() == Kind::Tuple) {
    // The functions a derived function calls are in its env.
    const DerivedObj& d = f.as_derived();
    std::vector<Value> env;
    for (const Value& x : d.env.items()) env.push_back(x.is_function() ? closure_at(x, at) : x);
    return make_derived(d.kind, d.prim, Value::tuple(std::move(env)), d.stack);
  }
  return f;  // a primitive used as a value: one code for every signature
}

// ------------------------------------------------------------------ calls
Value Machine::call_explicit(const ExplicitObj& c, Value* args, size_t n, const std::vector<std::string>* keywords,
                             const Node* at) {
  const Graph* code = c.code;
  const bool named = keywords && !keywords->empty();
  if (!named && n + 1 != code->params.size())
    runtime_error(site(at), function_name(code) + "() takes " + plural(code->params.size() - 1, "argument") +
                                ", found " + std::to_string(n));
  // (env, args...) on the stack for the usual few arguments.
  constexpr size_t kInline = 8;
  Value inline_args[kInline];
  std::vector<Value> many;
  Value* all = inline_args;
  if (n + 1 > kInline) {
    many.resize(n + 1);
    all = many.data();
  }
  all[0] = c.env;
  for (size_t i = 0; i < n; ++i) all[i + 1] = std::move(args[i]);
  Ref<Frame> frame = bind_values(code, {}, all, n + 1, keywords, at);
  begin_call(code, at);
  return run(code, std::move(frame), at);
}

namespace {

// How deep instantiation looks into each argument (generic.hpp needs_shapes).
size_t shape_depth(ad::Generic g) {
  switch (g) {
    case ad::Generic::GradSeed: return 3;  // only for the message when it is not an f64
    case ad::Generic::Jvp: return 1;
    case ad::Generic::Jacfwd:
    case ad::Generic::JacfwdLoop:
    case ad::Generic::JacrevBack:
    case ad::Generic::CustomJvpBack: return 200;
    case ad::Generic::Grad: case ad::Generic::ValueAndGrad: case ad::Generic::Jacrev:
    case ad::Generic::Hessian: case ad::Generic::Derivative: case ad::Generic::Vjp:
    case ad::Generic::Checkpoint: case ad::Generic::CustomVjp: case ad::Generic::CustomJvp:
    case ad::Generic::PrimFn: return 0;
  }
  return 0;
}

// The shape of v, looked into `depth` levels; a Jacobian (strict) refuses deeper values.
ad::Shape shape_of(const Value& v, size_t depth, bool strict, SourceLoc loc) {
  using K = ad::Shape::Kind;
  ad::Shape s;
  switch (v.kind()) {
    case Kind::Undef: s.kind = K::Undef; return s;
    case Kind::None: s.kind = K::None; return s;
    case Kind::Bool: s.kind = K::Bool; return s;
    case Kind::Int: s.kind = K::Int; return s;
    case Kind::Float: s.kind = K::Float; return s;
    case Kind::Str: s.kind = K::Str; return s;
    case Kind::Prim:
    case Kind::Closure:
    case Kind::Explicit:
    case Kind::Derived: s.kind = K::Function; return s;
    case Kind::List: s.kind = K::List; return s;
    case Kind::Tensor: {  // a leaf: Jacobians need its dtype and extents
      const rt::Tensor& t = v.as_tensor();
      s.kind = K::Tensor;
      s.dtype = rt::dtype_name(t.dtype());
      for (int64_t d : t.shape()) s.dims.push_back(d);
      return s;
    }
    case Kind::Tuple: s.kind = K::Tuple; break;
    case Kind::Struct:
      s.kind = K::Struct;
      s.struct_decl = v.as_struct().decl;
      break;
    case Kind::Variant:
      s.kind = K::Variant;
      s.variant = v.as_variant().decl;
      break;
  }
  if (depth == 0) {
    if (strict) runtime_error(loc, "cannot compute a Jacobian of a value nested more than 200 levels deep");
    return s;  // deeper structure is not looked at (shape_depth)
  }
  for (const Value& x : v.items()) s.elems.push_back(shape_of(x, depth - 1, strict, loc));
  return s;
}

}  // namespace

Value Machine::call_derived(const DerivedObj& d, Value* args, size_t n, const std::vector<std::string>* keywords,
                            const Node* at) {
  if (at && at->loc.valid()) derived_site_ = at->loc;
  const SourceLoc loc = site(at);
  require_runtime_ad(ad::generic_name(d.kind), loc);
  if (keywords && !keywords->empty())
    runtime_error(loc, "a derived function (" + format_value(Value::derived(Ref<DerivedObj>(const_cast<DerivedObj*>(&d)))) +
                           ") takes its arguments by position, not by keyword");
  // The primal arguments under the transforms: T(G) takes (denv, x1, dx1, ...), J(G) (x...).
  std::vector<const Value*> base;
  for (size_t i = 0; i < n; ++i) base.push_back(&args[i]);
  for (auto it = d.stack.rbegin(); it != d.stack.rend(); ++it) {
    if (*it == ad::Mode::Reverse) continue;
    if (base.empty() || base.size() % 2 != 1) internal_error("interpreter", "a forward-mode call with unpaired tangents");
    std::vector<const Value*> primals;
    for (size_t i = 1; i < base.size(); i += 2) primals.push_back(base[i]);
    base = std::move(primals);
  }
  ad::GenericCall call;
  call.kind = d.kind;
  call.prim = d.prim;
  call.arity = base.size();
  call.stack = d.stack;
  call.loc = loc;
  int slot = ad::argnums_slot(d.kind);
  if (slot >= 0) call.argnums = read_argnums(d.env.items().at(static_cast<size_t>(slot)), ad::generic_name(d.kind), loc);
  if (ad::needs_shapes(d.kind))
    for (const Value* v : base) call.shapes.push_back(shape_of(*v, shape_depth(d.kind), shape_depth(d.kind) > 100, loc));
  const Graph* code = ad().instantiate(call);
  ExplicitObj closure(code, d.env);
  DerivativeScope scope(derivatives_, d.kind, options_.check_nan);  // names the operator (nan_check.hpp)
  return call_explicit(closure, args, n, nullptr, at);
}

}  // namespace fx::interp
