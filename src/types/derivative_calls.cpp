// Calling derived functions, and the derivative primitives that call function values
// (LANGUAGE.md §6). A derived function's result type follows from its inner function's
// output at the call's argument types:
//   grad(f, a)(x...)            the tangent type of the selected argument(s) (a tuple for a
//                               tuple of argnums); f must return a scalar float
//   value_and_grad(f, a)(x...)  (y, grad)
//   jacfwd/jacrev(f, a)(x...)   y's structure, each leaf replaced by the selected inputs'
//   hessian(f, a)(x...)         jacfwd(jacrev(f, a), a)
//   derivative(f)(x)            f64 → f64 (scalar float in and out)
//   checkpoint(f), custom_vjp(f, fwd, bwd), custom_jvp(f, rule): as f (the rules are checked)
//   jvp(f, primals, tangents)   (y, tangent of y)
//   vjp(f, x...)                (y, pullback); pullback(ct of y) → (ct of x1, ..., ct of xn)
//   grad_hook(x, h)             x; h is called with x's cotangent type and must return it
// The inner functions are called here like any other call, so they are specialised at
// these signatures and the calls are recorded as the call node's callees.
#include "support/diagnostics.hpp"
#include "types/inferrer.hpp"
#include "types/locations.hpp"
#include "types/tangents.hpp"

namespace fx::types {

using ir::Prim;

namespace {

bool is_bottom(const Type* t) { return t->kind == TypeKind::Bottom; }

// "argument 0", "cotangent 1".
std::string nth(const char* what, size_t i) { return std::string(what) + " " + std::to_string(i); }

void require_scalar_float_output(const ir::Node* n, const std::string& op, const Type* y, const char* advice) {
  if (is_bottom(y) || is_float(y)) return;
  // A float tensor of unknown rank may hold one number: checked at run time.
  if (is_tensor(y) && y->rank <= 0 && (is_unknown_tensor(y) || is_float(y->dtype))) return;
  compile_error(n->loc, op + " needs a function returning a scalar float, found " + to_string(y) + "; " + advice);
}

// Does a value of type `actual` fit where one of type `expected` goes, where either may
// still be partly unknown (Bottom, inside recursion) and so is not held against it?
bool agrees(const Type* actual, const Type* expected) {
  if (actual == expected || is_bottom(actual) || is_bottom(expected)) return true;
  if (is_tensor(actual) && is_tensor(expected)) {  // extents may be forgotten on one side
    if (is_unknown_tensor(actual) || is_unknown_tensor(expected)) return true;
    if (actual->dtype != expected->dtype) return false;
    if (actual->rank < 0 || expected->rank < 0) return true;
    if (actual->rank != expected->rank) return false;
    for (int64_t i = 0; i < actual->rank; ++i)
      if (extent(actual, i) >= 0 && extent(expected, i) >= 0 && extent(actual, i) != extent(expected, i)) return false;
    return true;
  }
  if (actual->kind != TypeKind::Tuple || expected->kind != TypeKind::Tuple) return false;
  if (actual->elems.size() != expected->elems.size()) return false;
  for (size_t i = 0; i < actual->elems.size(); ++i)
    if (!agrees(actual->elems[i], expected->elems[i])) return false;
  return true;
}

// Where argument i of call n was written, when n's arguments are the ones given.
SourceLoc argument_at(const ir::Node* n, size_t i, size_t given) {
  if (n->num_args() != given || i >= given) return n->loc;
  if (i < n->arg_locs.size() && n->arg_locs[i].valid()) return n->arg_locs[i];
  return operand_loc(n, n->arg(i));
}

// Cotangents of non-differentiable values are zeros a custom rule may write any way.
bool carries_derivative(const Type* t) { return not_differentiable_reason(t).empty(); }

}  // namespace

const Type* Inferrer::call_for_derivative(Record& r, const ir::Node* n, const Type* fn,
                                          const std::vector<const Type*>& args) {
  // The transformed function takes every parameter: defaults are not filled in for it.
  if (fn->kind == TypeKind::Closure && args.size() < fn->graph->params.size())
    compile_error(n->loc, "a derived function passes its arguments on unchanged, so it needs every argument of " +
                              graph_display_name(fn->graph) + ": pass '" + fn->graph->params[args.size()]->name +
                              "', or differentiate a lambda that calls " + graph_display_name(fn->graph) +
                              " (defaults are filled in there)");
  size_t before = r.callees[n].size();
  const Type* t = call(r, n, fn, args, {});
  const std::vector<const Context*>& called = r.callees[n];
  for (size_t i = before; i < called.size(); ++i) derivative_called_.insert(called[i]);
  return t;
}

// The tangent type of the arguments selected by argnums (a tuple of them for a tuple of
// argnums), after checking that they exist and carry a derivative.
const Type* Inferrer::differentiated_inputs(const ir::Node* n, const Type* d, const std::vector<const Type*>& args) {
  std::string op = ir::prim_name(d->prim);
  std::vector<const Type*> selected;
  for (int64_t a : d->argnums.nums) {
    if (a < 0 || static_cast<size_t>(a) >= args.size())
      compile_error(n->loc, op + ": argnums " + std::to_string(a) + " is out of range: " + to_string(d) +
                                " is called with " + count_of(args.size(), "argument"));
    const Type* t = args[static_cast<size_t>(a)];
    std::string why = not_differentiable_reason(t);
    if (!why.empty())
      compile_error(argument_at(n, static_cast<size_t>(a), args.size()),
                    op + ": cannot differentiate with respect to " + nth("argument", a) + " of type " +
                                to_string(t) + "; " + why);
    selected.push_back(tangent_type(store_, t));
  }
  return d->argnums.tuple ? store_.tuple(std::move(selected)) : selected.at(0);
}

const Type* Inferrer::jacobian(const ir::Node* n, const char* op, const Type* y, const Type* in) {
  std::string why;
  const Type* j = jacobian_type(store_, annotations_, y, in, &why);
  if (!j) compile_error(n->loc, std::string(op) + " cannot build this Jacobian: " + why);
  return j;
}

const Type* Inferrer::call_derived(Record& r, const ir::Node* n, const Type* d, const std::vector<const Type*>& args,
                                   const std::vector<std::string>& keywords) {
  if (!keywords.empty())
    compile_error(n->loc, to_string(d) + " takes positional arguments only, found keyword argument '" +
                              keywords[0] + "'");
  const Type* f = d->elems.at(0);
  Prim op = d->prim;
  if (op == Prim::Grad || op == Prim::ValueAndGrad) {
    const Type* in = differentiated_inputs(n, d, args);
    const Type* y = call_for_derivative(r, n, f, args);
    require_scalar_float_output(n, ir::prim_name(op), y, "use jacrev or vjp for other outputs");
    return op == Prim::Grad ? in : store_.tuple({y, in});
  }
  if (op == Prim::Jacfwd || op == Prim::Jacrev || op == Prim::Hessian) {
    const Type* in = differentiated_inputs(n, d, args);
    const Type* y = call_for_derivative(r, n, f, args);
    const Type* j = jacobian(n, ir::prim_name(op), y, in);
    return op == Prim::Hessian ? jacobian(n, ir::prim_name(op), j, in) : j;  // jacfwd(jacrev(f))
  }
  if (op == Prim::Derivative) {
    if (args.size() != 1)
      compile_error(n->loc, "derivative(f) is for functions of one argument, but it is called with " +
                                count_of(args.size(), "argument") + "; use grad, jacfwd or jvp");
    const Type* x = args[0];
    std::string why = not_differentiable_reason(x);
    if (!why.empty())
      compile_error(argument_at(n, 0, 1), "derivative: cannot differentiate with respect to an argument of type " + to_string(x) +
                                "; " + why);
    if (!is_bottom(x) && !is_float(x))
      compile_error(n->loc, "derivative(f) needs a scalar float argument, found " + to_string(x) +
                                "; use jvp or jacfwd for other arguments");
    const Type* y = call_for_derivative(r, n, f, args);
    require_scalar_float_output(n, "derivative", y, "use jvp or jacfwd for other outputs");
    return y;
  }
  if (op == Prim::Checkpoint) return call_for_derivative(r, n, f, args);
  if (op == Prim::CustomVjp || op == Prim::CustomJvp) {
    const Type* y = call_for_derivative(r, n, f, args);
    if (op == Prim::CustomVjp) check_custom_vjp(r, n, d, args, y);
    else check_custom_jvp(r, n, d, args, y);
    return y;
  }
  if (op == Prim::Vjp) {  // a pullback
    if (args.size() != 1)
      compile_error(n->loc, "a pullback takes 1 argument (the cotangent of the output), " +
                                std::to_string(args.size()) + " given");
    std::vector<const Type*> xs(d->elems.begin() + 1, d->elems.end());
    const Type* y = call_for_derivative(r, n, f, xs);
    const Type* ct = tangent_type(store_, y);
    if (!ct)
      compile_error(n->loc, "vjp: the function's output " + to_string(y) +
                                " contains a function value, which has no cotangent");
    if (!agrees(args[0], ct))
      compile_error(argument_at(n, 0, 1), "this pullback expects a cotangent of type " + to_string(ct) +
                                " (the type of the function's output), found " + to_string(args[0]));
    std::vector<const Type*> cts;
    for (const Type* x : xs) cts.push_back(tangent_type(store_, x));
    return store_.tuple(std::move(cts));
  }
  internal_error("type inference", std::string("derived function of '") + ir::prim_name(d->prim) + "'");
}

// fwd(*args) → (y, residuals); bwd(residuals, ct_y) → one cotangent per argument.
void Inferrer::check_custom_vjp(Record& r, const ir::Node* n, const Type* d, const std::vector<const Type*>& args,
                                const Type* y) {
  const Type* fwd = d->elems.at(1);
  const Type* bwd = d->elems.at(2);
  const Type* out = call_for_derivative(r, n, fwd, args);
  if (is_bottom(out)) return;
  if (out->kind != TypeKind::Tuple || out->elems.size() != 2)
    compile_error(n->loc, "custom_vjp: the fwd function " + to_string(fwd) +
                              " must return a pair (output, residuals), found " + to_string(out));
  if (!is_bottom(y) && !agrees(out->elems[0], y))
    compile_error(n->loc, "custom_vjp: the fwd function " + to_string(fwd) + " returns an output of type " +
                              to_string(out->elems[0]) + ", but " + to_string(d->elems[0]) + " returns " +
                              to_string(y));
  const Type* ct = tangent_type(store_, is_bottom(y) ? out->elems[0] : y);
  if (!ct)
    compile_error(n->loc, "custom_vjp: the output " + to_string(y) + " contains a function value, which has no "
                              "cotangent");
  const Type* cts = call_for_derivative(r, n, bwd, {out->elems[1], ct});
  if (is_bottom(cts)) return;
  std::string expected = "a tuple with one cotangent per argument (" + count_of(args.size(), "argument") + " here)";
  if (cts->kind != TypeKind::Tuple || cts->elems.size() != args.size())
    compile_error(n->loc, "custom_vjp: the bwd function " + to_string(bwd) + " must return " + expected +
                              ", found " + to_string(cts));
  for (size_t i = 0; i < args.size(); ++i) {
    const Type* want = tangent_type(store_, args[i]);
    if (!want || !carries_derivative(args[i])) continue;
    if (!agrees(cts->elems[i], want))
      compile_error(n->loc, "custom_vjp: the bwd function " + to_string(bwd) + " returns " + to_string(cts) +
                                ", but " + nth("cotangent", i) + " must have the type of " + nth("argument", i) +
                                ", " + to_string(want));
  }
}

// rule(primals, tangents) → (y, y_dot), both tuples of the arguments' types.
void Inferrer::check_custom_jvp(Record& r, const ir::Node* n, const Type* d, const std::vector<const Type*>& args,
                                const Type* y) {
  const Type* rule = d->elems.at(1);
  std::vector<const Type*> tangents;
  for (const Type* a : args) {
    const Type* t = tangent_type(store_, a);
    if (!t)
      compile_error(n->loc, "custom_jvp: an argument of type " + to_string(a) + " contains a function value, "
                                "which has no tangent");
    tangents.push_back(t);
  }
  const Type* out = call_for_derivative(r, n, rule, {store_.tuple(args), store_.tuple(std::move(tangents))});
  if (is_bottom(out)) return;
  if (out->kind != TypeKind::Tuple || out->elems.size() != 2)
    compile_error(n->loc, "custom_jvp: the rule " + to_string(rule) + " must return a pair (output, tangent), found " +
                              to_string(out));
  const Type* value = is_bottom(y) ? out->elems[0] : y;
  if (!agrees(out->elems[0], value))
    compile_error(n->loc, "custom_jvp: the rule " + to_string(rule) + " returns an output of type " +
                              to_string(out->elems[0]) + ", but " + to_string(d->elems[0]) + " returns " + to_string(y));
  const Type* dy = tangent_type(store_, value);
  if (!dy)
    compile_error(n->loc, "custom_jvp: the output " + to_string(value) + " contains a function value, which has "
                              "no tangent");
  if (!agrees(out->elems[1], dy))
    compile_error(n->loc, "custom_jvp: the rule " + to_string(rule) + " returns a tangent of type " +
                              to_string(out->elems[1]) + ", but the output's tangent has type " + to_string(dy));
}

// ------------------------------------------------------------ primitives
const Type* Inferrer::infer_derivative_call(Prim p, const PrimCall& call) {
  Record& r = *stack_.back();
  if (p == Prim::Jvp) return infer_jvp(r, call);
  if (p == Prim::Vjp) return infer_vjp(r, call);
  if (p == Prim::GradHook) return infer_grad_hook(r, call);
  internal_error("type inference", std::string("infer_derivative_call(") + ir::prim_name(p) + ")");
}

namespace {

void require_function(const PrimCall& call, size_t i, const char* op, const char* role) {
  const Type* t = call.args[i];
  if (!is_bottom(t) && !is_function(t))
    compile_error(operand_at(call, i), std::string(op) + " needs a function as its " + role + ", found " + to_string(t));
}

}  // namespace

const Type* Inferrer::infer_jvp(Record& r, const PrimCall& call) {
  require_function(call, 0, "jvp", "first argument");
  const Type* f = call.args[0];
  const Type* primals = call.args[1];
  const Type* tangents = call.args[2];
  const char* form = "; write jvp(f, (x,), (t,)) for one argument";
  for (size_t i : {1, 2}) {
    const Type* t = call.args[i];
    if (!is_bottom(t) && t->kind != TypeKind::Tuple)
      compile_error(operand_at(call, i), std::string("jvp takes its ") + (i == 1 ? "primals" : "tangents") +
                                             " as a tuple, found " + to_string(t) + form);
  }
  if (is_bottom(f) || is_bottom(primals)) return store_.bottom();
  if (!is_bottom(tangents)) {
    if (tangents->elems.size() != primals->elems.size())
      compile_error(call.node->loc, "jvp needs one tangent per primal: " +
                                        count_of(primals->elems.size(), "primal") + " and " +
                                        count_of(tangents->elems.size(), "tangent") + " given");
    for (size_t i = 0; i < primals->elems.size(); ++i) {
      const Type* want = tangent_type(store_, primals->elems[i]);
      if (!want)
        compile_error(operand_at(call, 1), "jvp: primal " + std::to_string(i) + " of type " +
                                               to_string(primals->elems[i]) +
                                               " contains a function value, which has no tangent");
      if (!agrees(tangents->elems[i], want))
        compile_error(operand_at(call, 2), "jvp: tangent " + std::to_string(i) + " must have the type of its primal, " +
                                               to_string(want) + ", found " + to_string(tangents->elems[i]));
    }
  }
  const Type* y = call_for_derivative(r, call.node, f, primals->elems);
  const Type* dy = tangent_type(store_, y);
  if (!dy)
    compile_error(call.node->loc, "jvp: the function's output " + to_string(y) +
                                      " contains a function value, which has no tangent");
  return store_.tuple({y, dy});
}

const Type* Inferrer::infer_vjp(Record& r, const PrimCall& call) {
  if (call.args.empty()) compile_error(call.node->loc, "vjp needs a function and the arguments to call it with");
  require_function(call, 0, "vjp", "first argument");
  const Type* f = call.args[0];
  std::vector<const Type*> xs(call.args.begin() + 1, call.args.end());
  for (size_t i = 0; i < xs.size(); ++i)
    if (!tangent_type(store_, xs[i]))
      compile_error(operand_at(call, i + 1), "vjp: argument " + std::to_string(i) + " of type " + to_string(xs[i]) +
                                                 " contains a function value, which has no cotangent");
  if (is_bottom(f)) return store_.bottom();
  const Type* y = call_for_derivative(r, call.node, f, xs);
  if (!tangent_type(store_, y))
    compile_error(call.node->loc, "vjp: the function's output " + to_string(y) +
                                      " contains a function value, which has no cotangent");
  std::vector<const Type*> elems{f};
  elems.insert(elems.end(), xs.begin(), xs.end());
  return store_.tuple({y, store_.derived(Prim::Vjp, std::move(elems))});
}

const Type* Inferrer::infer_grad_hook(Record& r, const PrimCall& call) {
  require_function(call, 1, "grad_hook", "hook (second argument)");
  const Type* x = call.args[0];
  const Type* h = call.args[1];
  if (is_bottom(x) || is_bottom(h)) return x;
  const Type* ct = tangent_type(store_, x);
  if (!ct)
    compile_error(operand_at(call, 0), "grad_hook: a value of type " + to_string(x) +
                                           " contains a function value, which has no cotangent");
  const Type* out = call_for_derivative(r, call.node, h, {ct});
  if (!agrees(out, ct))
    compile_error(call.node->loc, "grad_hook: the hook " + to_string(h) + " is called with the cotangent, of type " +
                                      to_string(ct) + ", and must return one of the same type, but returns " +
                                      to_string(out));
  return x;
}

}  // namespace fx::types
