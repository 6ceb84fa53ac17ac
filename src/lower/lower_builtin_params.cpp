// Calls of the builtins with named parameters (the tensor builtins, builtins.hpp): arguments
// by position or keyword, defaults filled in, constant parameters (axis, keepdims, dtype)
// checked and turned into constants; the result is one application of the primitive with
// its operands in parameter order (ops.def):
//   sum(x, axis=1)          → sum(x, 1, False)
//   softmax(x)              → softmax(x, -1)
//   astype(x, f32)          → astype(x, "f32")
//   conv2d(x, w, padding=1) → conv2d(x, w, 1, 1)
//   arange(3) / eye(n)      → arange(3) / eye(n)   (optional parameters left out)
// Arguments are evaluated in source order, as Python does.
#include "lower/lowerer.hpp"
#include "support/diagnostics.hpp"

namespace fx::lower {

using ir::Node;
using ir::Prim;

namespace {

std::string plural(size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

std::string default_text(const BuiltinParam& p) {
  switch (p.def) {
    case DefaultKind::Required: case DefaultKind::Omitted: return "";
    case DefaultKind::Int: return std::to_string(p.int_default);
    case DefaultKind::None: return "None";
    case DefaultKind::False: return "False";
  }
  return "";
}

// How the builtin is called: "sum(x, axis=None, keepdims=False)", "eye(n[, m])".
std::string signature(const Builtin& b) {
  if (b.positional_only && b.prim == Prim::Arange) return "arange(stop), arange(start, stop) or arange(start, stop, step)";
  std::string s = std::string(b.name) + "(";
  size_t closing = 0;
  for (size_t i = 0; i < b.params.size(); ++i) {
    const BuiltinParam& p = b.params[i];
    if (p.def == DefaultKind::Omitted) {
      s += "[";
      ++closing;
    }
    if (i > 0) s += ", ";
    s += p.name;
    std::string d = default_text(p);
    if (!d.empty()) s += "=" + d;
  }
  return s + std::string(closing, ']') + ")";
}

size_t required_count(const Builtin& b) {
  size_t n = 0;
  for (const BuiltinParam& p : b.params) n += p.def == DefaultKind::Required;
  return n;
}


bool is_name(const ast::Expr& e, const char* name) {
  return e.kind == ast::ExprKind::Name && static_cast<const ast::NameExpr&>(e).name == name;
}

// What was written where a constant was expected, for the error message.
std::string describe(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::Int: return "the integer " + std::to_string(static_cast<const ast::IntExpr&>(e).value);
    case ast::ExprKind::Float: return "a float";
    case ast::ExprKind::Bool: return static_cast<const ast::BoolExpr&>(e).value ? "True" : "False";
    case ast::ExprKind::Str: return "the string \"" + static_cast<const ast::StrExpr&>(e).value + "\"";
    case ast::ExprKind::Name:
      if (is_name(e, "None")) return "None";
      return "'" + static_cast<const ast::NameExpr&>(e).name + "', a value known only at run time";
    case ast::ExprKind::Tuple: return "a tuple";
    case ast::ExprKind::Unary: case ast::ExprKind::Binary: case ast::ExprKind::Compare: case ast::ExprKind::IfExp:
    case ast::ExprKind::Lambda: case ast::ExprKind::Call: case ast::ExprKind::Index: case ast::ExprKind::Slice:
    case ast::ExprKind::Attribute: case ast::ExprKind::List: case ast::ExprKind::ListComp:
      break;
  }
  return "an expression computed at run time";
}

}  // namespace

// An integer literal, possibly negated or with a unary plus (lowerer.hpp).
bool int_literal(const ast::Expr& e, int64_t* out) {
  if (e.kind == ast::ExprKind::Int) {
    *out = static_cast<const ast::IntExpr&>(e).value;
    return true;
  }
  if (e.kind == ast::ExprKind::Unary) {
    const auto& u = static_cast<const ast::UnaryExpr&>(e);
    if (u.op == ast::UnaryOp::Neg && u.operand->kind == ast::ExprKind::Int) {
      *out = static_cast<int64_t>(0ULL - static_cast<uint64_t>(static_cast<const ast::IntExpr&>(*u.operand).value));
      return true;
    }
    if (u.op == ast::UnaryOp::Pos) return int_literal(*u.operand, out);
  }
  return false;
}

Node* Lowerer::param_default(const BuiltinParam& p, SourceLoc loc) {
  switch (p.def) {
    case DefaultKind::Int: return m_.constant(p.int_default, loc);
    case DefaultKind::None: return m_.constant(ir::NoneVal{}, loc);
    case DefaultKind::False: return m_.constant(false, loc);
    case DefaultKind::Required: case DefaultKind::Omitted: break;
  }
  internal_error("lowering", std::string("parameter '") + p.name + "' has no default");
}

Node* Lowerer::param_operand(const Builtin& b, const BuiltinParam& p, const ast::Expr& arg, const ExprCtx& c) {
  std::string where = std::string(p.name) + " of " + b.name + "()";
  switch (p.kind) {
    case ParamKind::Value:
      // stack([a, b]) / concat([a, b]): a list of tensors, as NumPy's, is the tuple (a, b) (a
      // list literal alone would be one tensor made of them).
      if ((b.prim == Prim::Stack || b.prim == Prim::Concat) && arg.kind == ast::ExprKind::List) {
        std::vector<Node*> items;
        for (const auto& el : static_cast<const ast::ListExpr&>(arg).elements) items.push_back(expr(*el, c));
        return m_.apply_prim(c.g, Prim::MakeTuple, std::move(items), arg.loc);
      }
      return expr(arg, c);
    case ParamKind::Axis: case ParamKind::AxisOrNone: {
      int64_t k = 0;
      if (int_literal(arg, &k)) return m_.constant(k, arg.loc);
      bool none_ok = p.kind == ParamKind::AxisOrNone;
      if (none_ok && is_name(arg, "None")) return m_.constant(ir::NoneVal{}, arg.loc);
      compile_error(arg.loc, "the " + where + " must be an integer constant" + (none_ok ? " or None" : "") +
                                 " (e.g. " + p.name + "=1 or " + p.name + "=-1), found " + describe(arg));
    }
    case ParamKind::Flag:
      if (arg.kind == ast::ExprKind::Bool) return m_.constant(static_cast<const ast::BoolExpr&>(arg).value, arg.loc);
      compile_error(arg.loc, "the " + where + " must be True or False, found " + describe(arg));
    case ParamKind::DType:
      for (const char* t : {"f64", "f32", "i64", "bool"})
        if (is_name(arg, t)) return m_.constant(std::string(t), arg.loc);
      compile_error(arg.loc, "the " + where + " must be one of the names f64, f32, i64, bool, found " + describe(arg));
  }
  internal_error("lowering", "unknown parameter kind");
}

Node* Lowerer::call_with_params(const Builtin& b, const ast::CallExpr& e, const ExprCtx& c) {
  const std::string name = b.name;
  const auto& params = b.params;
  if (e.args.size() > params.size()) {
    size_t required = required_count(b);
    std::string takes = required == params.size() ? plural(params.size(), "argument")
                                                  : "at most " + plural(params.size(), "argument");
    compile_error(e.loc, name + "() takes " + takes + ", found " + std::to_string(e.args.size()) + ": " + signature(b));
  }
  std::vector<Node*> operands(params.size(), nullptr);
  for (size_t i = 0; i < e.args.size(); ++i) operands[i] = param_operand(b, params[i], *e.args[i], c);
  for (const auto& k : e.keywords) {
    if (b.positional_only)
      compile_error(k.loc, name + "() takes its arguments by position: " + signature(b));
    size_t at = params.size();
    for (size_t i = 0; i < params.size(); ++i)
      if (k.name == params[i].name) at = i;
    if (at == params.size()) compile_error(k.loc, name + "() has no parameter '" + k.name + "': " + signature(b));
    if (operands[at]) compile_error(k.loc, name + "() got '" + k.name + "' twice");
    operands[at] = param_operand(b, params[at], *k.value, c);
  }
  // stack([e for i in ...]): the comprehension already stacks its elements along a new axis 0.
  const ast::Expr* xs = !e.args.empty() ? e.args[0].get() : nullptr;
  for (const auto& k : e.keywords)
    if (k.name == "xs") xs = k.value.get();
  // concat([e for ...]) (axis 0): concat of the comprehension's rows, typed and run as such.
  if ((b.prim == Prim::Stack || b.prim == Prim::Concat) && xs && xs->kind == ast::ExprKind::ListComp) {
    int64_t axis = operands[1] ? operands[1]->as_int() : 0;
    if (b.prim == Prim::Stack && axis == 0) return operands[0];
    if (b.prim == Prim::Stack || axis != 0)
      compile_error(xs->loc, name + "() of a comprehension is supported along axis 0 (stack: the comprehension "
                                 "itself; concat: its rows joined); for " + name + "(..., axis=" +
                                 std::to_string(axis) + ") give a tuple or a list of the tensors");
  }
  std::vector<Node*> args;
  for (size_t i = 0; i < params.size(); ++i) {
    const BuiltinParam& p = params[i];
    if (operands[i]) {
      args.push_back(operands[i]);
      continue;
    }
    switch (p.def) {
      case DefaultKind::Required:
        compile_error(e.loc, name + "() is missing its argument '" + p.name + "': " + signature(b));
      case DefaultKind::Omitted: {
        // Optional parameters come last (builtins.cpp). A missing one followed by a given one
        // (load(path, dtype=i64): no like) is passed as None; otherwise it ends the operands.
        bool later = false;
        for (size_t j = i + 1; j < params.size(); ++j) later = later || operands[j];
        if (later) args.push_back(m_.constant(ir::NoneVal{}, e.loc));
        continue;
      }
      case DefaultKind::Int: case DefaultKind::None: case DefaultKind::False:
        args.push_back(param_default(p, e.loc));
        continue;
    }
  }
  return m_.apply_prim(c.g, b.prim, std::move(args), e.loc);
}

// `sum` as a value is λx: sum(x, None, False); a builtin without defaults is its primitive.
Node* Lowerer::params_builtin_value(const Builtin& b, SourceLoc loc) {
  if (required_count(b) == b.params.size()) return m_.constant(b.prim, loc);
  ir::Graph*& wrapper = default_wrappers_[&b];
  if (!wrapper) {
    // Not a top-level name (m_.functions): only this value refers to it.
    wrapper = m_.new_graph(b.name, nullptr, loc, ir::GraphRole::Function);
    std::vector<Node*> args;
    for (const BuiltinParam& p : b.params) {
      if (p.def == DefaultKind::Required) args.push_back(m_.add_param(wrapper, p.name, loc));
      else if (p.def != DefaultKind::Omitted) args.push_back(param_default(p, loc));
    }
    wrapper->output = m_.apply_prim(wrapper, b.prim, std::move(args), loc);
  }
  return m_.constant(wrapper, loc);
}

}  // namespace fx::lower
