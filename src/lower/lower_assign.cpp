// Assignments: `x = v`, `a, b = t`, `p.a.b = v`, `x[i] = v`, `x += v`, `p.f += v`, `x[i] += v`,
// `x: T = v`.
// Variables are SSA: an assignment only rebinds the name in the cursor's Env.
#include "lower/lowerer.hpp"
#include "support/diagnostics.hpp"

namespace fx::lower {

using ir::Node;
using ir::Prim;

namespace {

Prim augmented_prim(ast::BinaryOp op, SourceLoc loc) {
  switch (op) {
    case ast::BinaryOp::Add: return Prim::Add;
    case ast::BinaryOp::Sub: return Prim::Sub;
    case ast::BinaryOp::Mul: return Prim::Mul;
    case ast::BinaryOp::Div: return Prim::Div;
    case ast::BinaryOp::FloorDiv: return Prim::FloorDiv;
    case ast::BinaryOp::Mod: return Prim::Mod;
    case ast::BinaryOp::Pow: return Prim::Pow;
    case ast::BinaryOp::MatMul: return Prim::MatMul;
    case ast::BinaryOp::And: case ast::BinaryOp::Or: break;
  }
  compile_error(loc, "'and'/'or' cannot be used as augmented assignments");
}

}  // namespace

void Lowerer::bind(Cursor& cur, const std::string& name, Node* value) {
  // Name the node after the variable when it was made for this value (readable IR).
  if (value->is_apply() && value->graph == cur.g && value->name.empty()) value->name = name;
  assign_var(cur.env, name, value);
}

void Lowerer::assign_stmt(const ast::AssignStmt& s, Cursor& cur, FunctionScope& fs) {
  const ast::Expr& target = *s.target;
  // a, b = x, y: evaluate every value first, then bind (so `a, b = b, a` swaps).
  if (target.kind == ast::ExprKind::Tuple && s.value->kind == ast::ExprKind::Tuple && !s.annotation) {
    const auto& targets = static_cast<const ast::TupleExpr&>(target).elements;
    const auto& values = static_cast<const ast::TupleExpr&>(*s.value).elements;
    if (targets.size() != values.size())
      compile_error(s.value->loc, "cannot unpack " + std::to_string(values.size()) + " values into " +
                                      std::to_string(targets.size()) + " targets");
    std::vector<Node*> nodes;
    for (const auto& v : values) nodes.push_back(expr(*v, at(cur, fs)));
    for (size_t i = 0; i < targets.size(); ++i) assign_to(*targets[i], nodes[i], cur, fs);
    return;
  }
  Node* value = expr(*s.value, at(cur, fs));
  if (s.annotation) {
    if (target.kind != ast::ExprKind::Name)
      compile_error(s.annotation->loc, "only a single variable can have a type annotation");
    if (s.value->kind == ast::ExprKind::Call) dtype_from_annotation(value, *s.annotation);
    value = annotate(value, *s.annotation, static_cast<const ast::NameExpr&>(target).name, cur, s.loc);
  }
  assign_to(target, value, cur, fs);
}

void Lowerer::assign_to(const ast::Expr& target, Node* value, Cursor& cur, FunctionScope& fs) {
  switch (target.kind) {
    case ast::ExprKind::Name: bind(cur, static_cast<const ast::NameExpr&>(target).name, value); return;
    case ast::ExprKind::Tuple: {
      // The arity is checked by type inference.
      const auto& elements = static_cast<const ast::TupleExpr&>(target).elements;
      for (size_t i = 0; i < elements.size(); ++i) {
        const ast::Expr& t = *elements[i];
        std::string var = t.kind == ast::ExprKind::Name ? static_cast<const ast::NameExpr&>(t).name : "";
        assign_to(t, tuple_get(cur.g, value, i, t.loc, var), cur, fs);
      }
      return;
    }
    case ast::ExprKind::Attribute: case ast::ExprKind::Index:
      update_place(target, [&](const std::function<Node*()>&) { return value; }, cur, fs);
      return;
    case ast::ExprKind::Int: case ast::ExprKind::Float: case ast::ExprKind::Bool: case ast::ExprKind::Str:
    case ast::ExprKind::Unary: case ast::ExprKind::Binary: case ast::ExprKind::Compare:
    case ast::ExprKind::IfExp: case ast::ExprKind::Lambda: case ast::ExprKind::Call: case ast::ExprKind::Slice:
    case ast::ExprKind::List: case ast::ExprKind::ListComp:
      break;
  }
  compile_error(target.loc,
                "cannot assign to this expression; expected a name, a tuple of names, a field or an element");
}

// p.a.b = v  →  o1 = get_attr(p, "a"); n1 = set_attr(o1, "b", v); p = set_attr(p, "a", n1).
// x[i] = v   →  x = set_index(x, "i", i, v);  p.w[i] = v → p = set_attr(p, "w", set_index(p.w, ...)).
// Each level reads its holder, gives new_value a way to read the old value of its place
// (x[i] += v reads index(x, "i", i)), and writes the holder back one level up. The index
// operands are evaluated once, after the holder, and serve both the read and the write.
void Lowerer::update_place(const ast::Expr& place, const PlaceUpdate& new_value, Cursor& cur, FunctionScope& fs,
                           bool inner) {
  switch (place.kind) {
    case ast::ExprKind::Name: {
      const std::string& var = static_cast<const ast::NameExpr&>(place).name;
      bind(cur, var, new_value([&] { return name(var, place.loc, at(cur, fs)); }));
      return;
    }
    case ast::ExprKind::Attribute: {
      const auto& a = static_cast<const ast::AttributeExpr&>(place);
      update_place(*a.base, [&](const std::function<Node*()>& read_holder) {
        Node* holder = read_holder();
        Node* field = m_.constant(a.attr, a.loc);
        Node* updated = new_value([&] { return m_.apply_prim(cur.g, Prim::GetAttr, {holder, field}, a.loc); });
        return m_.apply_prim(cur.g, Prim::SetAttr, {holder, field, updated}, a.loc);
      }, cur, fs, true);
      return;
    }
    case ast::ExprKind::Index: {
      const auto& ix = static_cast<const ast::IndexExpr&>(place);
      update_place(*ix.base, [&](const std::function<Node*()>& read_holder) {
        Node* holder = read_holder();
        IndexSpec spec = index_spec(ix, at(cur, fs));
        Node* updated = new_value([&] { return index_read(cur.g, holder, spec, ix.loc); });
        return index_write(cur.g, holder, spec, updated, ix.loc);
      }, cur, fs, true);
      return;
    }
    case ast::ExprKind::Int: case ast::ExprKind::Float: case ast::ExprKind::Bool: case ast::ExprKind::Str:
    case ast::ExprKind::Unary: case ast::ExprKind::Binary: case ast::ExprKind::Compare:
    case ast::ExprKind::IfExp: case ast::ExprKind::Lambda: case ast::ExprKind::Call: case ast::ExprKind::Slice:
    case ast::ExprKind::Tuple: case ast::ExprKind::List: case ast::ExprKind::ListComp:
      break;
  }
  if (inner)
    compile_error(place.loc, "can only assign to a field or element of a variable (p.f = v, x[i] = v, p.w[i] = v)");
  compile_error(place.loc, "cannot assign to this expression; expected a name, a field or an element");
}

void Lowerer::aug_assign_stmt(const ast::AugAssignStmt& s, Cursor& cur, FunctionScope& fs) {
  Prim op = augmented_prim(s.op, s.loc);
  const ast::Expr& target = *s.target;
  switch (target.kind) {
    case ast::ExprKind::Name: {
      const std::string& var = static_cast<const ast::NameExpr&>(target).name;
      Node* old = name(var, target.loc, at(cur, fs));
      Node* rhs = expr(*s.value, at(cur, fs));
      bind(cur, var, m_.apply_prim(cur.g, op, {old, rhs}, s.loc));
      return;
    }
    case ast::ExprKind::Attribute: case ast::ExprKind::Index:
      // p.f += v, x[i] += v, x[a:b] -= t: read the place, then the value, then write back.
      update_place(target, [&](const std::function<Node*()>& read_old) {
        Node* old = read_old();
        Node* rhs = expr(*s.value, at(cur, fs));
        return m_.apply_prim(cur.g, op, {old, rhs}, s.loc);
      }, cur, fs);
      return;
    case ast::ExprKind::Tuple:
      compile_error(target.loc, "augmented assignment needs a single variable or field, not a tuple");
    case ast::ExprKind::Int: case ast::ExprKind::Float: case ast::ExprKind::Bool: case ast::ExprKind::Str:
    case ast::ExprKind::Unary: case ast::ExprKind::Binary: case ast::ExprKind::Compare:
    case ast::ExprKind::IfExp: case ast::ExprKind::Lambda: case ast::ExprKind::Call: case ast::ExprKind::Slice:
    case ast::ExprKind::List: case ast::ExprKind::ListComp:
      break;
  }
  compile_error(target.loc, "cannot assign to this expression; expected a name, a field or an element");
}

// `x: Tensor[i64, 1] = load(path)`: the annotation's element type is the dtype load reads, as
// load(path, dtype=i64) (the IR's load(path, None, "i64")).
void Lowerer::dtype_from_annotation(Node* value, const ast::TypeExpr& type) {
  if (!value->is_prim_apply(Prim::Load) || value->num_args() != 1) return;
  if (type.name != "Tensor" || type.args.empty()) return;
  const std::string& d = type.args[0]->name;
  if (d != "f64" && d != "f32" && d != "i64" && d != "bool") return;
  value->inputs.push_back(m_.constant(ir::NoneVal{}, type.loc));
  value->inputs.push_back(m_.constant(d, type.loc));
  if (!value->arg_locs.empty()) {
    value->arg_locs.push_back(type.loc);
    value->arg_locs.push_back(type.loc);
  }
}

// The IR has no per-node annotation, so `x: T = v` becomes a call of a one-parameter
// identity function whose parameter is annotated T: type inference checks it like any
// annotated parameter.
Node* Lowerer::annotate(Node* value, const ast::TypeExpr& type, const std::string& var, Cursor& cur,
                        SourceLoc loc) {
  ir::Graph* check = m_.new_graph("annotation", nullptr, type.loc, ir::GraphRole::Lambda);
  Node* p = m_.add_param(check, var, type.loc);
  check->param_types.back() = &type;
  check_declared_rank(check, p, &type, "variable '" + var + "'");
  check->return_type = &type;
  check->output = p;
  return m_.apply(cur.g, {m_.constant(check, type.loc), value}, loc, var);
}

}  // namespace fx::lower
