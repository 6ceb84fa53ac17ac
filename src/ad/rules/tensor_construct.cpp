// Tensor construction, inspection, random numbers and indexing (docs/tensors.md
// "Derivatives"). Shapes, keys, lengths, ranges, identities and random draws carry no
// derivative; literals, comprehension rows, `full` and indexing pass derivatives through.
#include "ad/context.hpp"
#include "ad/rule_context.hpp"
#include "ad/rules/rule_util.hpp"
#include "ad/rules/rules.hpp"
#include "ad/typeinfo.hpp"

namespace fx::ad {

using ir::Node;
using ir::Prim;

namespace tensor_construct_rules {

using namespace rule_util;

// full(shape, v): every element is v.
void jvp_full(JvpCtx& c) { c.set(c.primal(), c.e.op(Prim::Full, {c.in(0), c.tan(1)})); }
void vjp_full(VjpBackwardCtx& c) {
  if (c.active(1)) c.give(1, c.e.op(Prim::Sum, {c.ct(), c.e.cst(ir::NoneVal{}), c.e.cst(false)}));
}

// make_tensor(a, b, ...): element k of the result is argument k.
void jvp_make_tensor(JvpCtx& c) {
  std::vector<Node*> tangents;
  for (size_t i = 0; i < c.num_args(); ++i) tangents.push_back(c.tan_or_zero(i));
  Node* y = c.primal();
  c.set(y, c.e.op(Prim::MakeTensor, std::move(tangents)));
}
void vjp_make_tensor(VjpBackwardCtx& c) {
  for (size_t i = 0; i < c.num_args(); ++i)
    if (c.active(i)) c.give(i, c.e.op(Prim::Index, {c.ct(), c.e.cst(std::string("i")), c.e.i64(int64_t(i))}));
}

// rows_append(acc, x): acc with x as its last row. acc's cotangent is ct[:-1], x's ct[-1].
void jvp_rows_append(JvpCtx& c) {
  Node* y = c.primal();
  c.set(y, c.e.op(Prim::RowsAppend, {c.tan_or_zero(0), c.tan_or_zero(1)}));
}
void vjp_rows_append(VjpBackwardCtx& c) {
  if (c.active(0)) c.give(0, c.e.op(Prim::Index, {c.ct(), c.e.cst(std::string("s010")), c.e.i64(-1)}));
  if (c.active(1)) c.give(1, c.e.op(Prim::Index, {c.ct(), c.e.cst(std::string("i")), c.e.i64(-1)}));
}

// index(x, spec, operands...): the tangent is indexed alike; the cotangent is set into zeros
// of x's shape. On a tuple (untyped programs; typed ones have tuple_get) it is a component.
void jvp_index(JvpCtx& c) {
  Node* y = c.primal();
  c.set(y, reapply(c, 0, c.tan(0)));
}
bool tuple_component(VjpBackwardCtx& c, PartKey* key) {
  const Node* x = c.node->arg(0);
  if (c.num_args() != 3 || typed_tensor(x)) return false;
  int arity = c.cx.tuple_arity(x);
  const std::string* spec = string_constant(c.node->arg(1));
  const Node* k = c.node->arg(2);
  if (arity < 0 || !spec || *spec != "i" || !k->is_constant() || !std::holds_alternative<int64_t>(k->value)) return false;
  int64_t i = k->as_int() < 0 ? k->as_int() + arity : k->as_int();
  *key = PartKey::at(i);
  return true;
}
// May an operand of index(x, spec, ...) be an index array (a tensor, or of unknown type)? Then
// an index may repeat, and the cotangent is added into zeros (set_index's "+" spec, np.add.at)
// rather than set: the adjoint of a gather is a scatter-add.
bool may_gather(const Node* n) {
  for (size_t i = 2; i < n->num_args(); ++i) {
    const Node* o = n->arg(i);
    if (o->is_constant()) continue;  // the lowering's constants are integers
    if (!typed_i64(o)) return true;
  }
  return false;
}
// The spec of node n with "+" in front (add the value) or without it.
Node* spec_with_add(Emitter& e, const Node* n, bool add) {
  const std::string* spec = string_constant(n->arg(1));
  std::string text = spec ? *spec : std::string();
  if (!text.empty() && text[0] == '+') text = text.substr(1);
  return e.cst(add ? "+" + text : text);
}
bool adds(const Node* n) {
  const std::string* spec = string_constant(n->arg(1));
  return spec && !spec->empty() && (*spec)[0] == '+';
}
void vjp_index(VjpBackwardCtx& c) {
  if (!c.active(0)) return;
  PartKey key;
  if (tuple_component(c, &key)) {
    c.give_part(0, key, c.ct());
    return;
  }
  std::vector<Node*> args = args_with(c, 0, c.e.zeros(c.in(0)));
  if (may_gather(c.node)) args[1] = spec_with_add(c.e, c.node, true);
  args.push_back(c.ct());
  c.give(0, c.e.op(Prim::SetIndex, std::move(args)));
}

// set_index(x, spec, operands..., v): x with the region replaced by v (broadcast into it).
// x's cotangent is ct with the region zeroed; v's the region of ct, summed down to v's shape.
void jvp_set_index(JvpCtx& c) {
  size_t last = c.num_args() - 1;
  Node* y = c.primal();
  Node* dv = c.tan(last);
  std::vector<Node*> args = args_with(c, 0, c.tan_or_zero(0));
  args[last] = dv ? dv : c.e.f64(0.0);
  c.set(y, c.e.op(Prim::SetIndex, std::move(args)));
}
void vjp_set_index(VjpBackwardCtx& c) {
  size_t last = c.num_args() - 1;
  Node* ct = c.ct();
  if (adds(c.node)) {
    // set_index(x, "+spec", ..., v) = x + scatter(v): x's cotangent is ct, v's the gathered ct.
    if (c.active(0)) c.give(0, ct);
    if (c.active(last)) {
      std::vector<Node*> args = args_with(c, 0, ct);
      args.pop_back();
      args[1] = spec_with_add(c.e, c.node, false);
      c.give(last, c.e.op(Prim::Unbroadcast, {c.e.op(Prim::Index, std::move(args)), c.in(last)}));
    }
    return;
  }
  if (c.active(0)) {
    std::vector<Node*> args = args_with(c, 0, ct);
    args[last] = c.e.f64(0.0);
    c.give(0, c.e.op(Prim::SetIndex, std::move(args)));
  }
  if (c.active(last)) {
    std::vector<Node*> args = args_with(c, 0, ct);
    args.pop_back();
    Node* region = c.e.op(Prim::Index, std::move(args));
    c.give(last, c.e.op(Prim::Unbroadcast, {region, c.in(last)}));
  }
}

}  // namespace tensor_construct_rules

void register_tensor_construct_rules(Registry& r) {
  using namespace tensor_construct_rules;
  // No derivative: integer or boolean results, shapes, keys and draws that depend only on them.
  for (Prim p : {Prim::Zeros, Prim::Ones, Prim::Arange, Prim::Eye, Prim::RowsEmpty, Prim::Key, Prim::Split,
                 Prim::Normal, Prim::Uniform, Prim::Len})
    r.set_zero(p);
  r.set_jvp(Prim::Full, jvp_full);
  r.set_vjp(Prim::Full, vjp_full);
  r.set_passive(Prim::Full, 0);
  r.set_jvp(Prim::MakeTensor, jvp_make_tensor);
  r.set_vjp(Prim::MakeTensor, vjp_make_tensor);
  r.set_jvp(Prim::RowsAppend, jvp_rows_append);
  r.set_vjp(Prim::RowsAppend, vjp_rows_append);
  r.set_jvp(Prim::Index, jvp_index);
  r.set_vjp(Prim::Index, vjp_index);
  for (size_t i = 1; i < 32; ++i) r.set_passive(Prim::Index, i);  // spec and integer operands
  // set_index's operands sit between x and v (variadic): its rules read only x's and v's.
  r.set_jvp(Prim::SetIndex, jvp_set_index);
  r.set_vjp(Prim::SetIndex, vjp_set_index);
  r.set_passive(Prim::SetIndex, 1);
}

}  // namespace fx::ad
