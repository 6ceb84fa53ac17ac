#include "ad/emit.hpp"

#include <variant>

#include "ad/context.hpp"
#include "ad/typeinfo.hpp"

namespace fx::ad {

using ir::Node;
using ir::Prim;

Node* Emitter::op(Prim p, std::vector<Node*> args, std::string name) {
  return cx.module().apply_prim(g, p, std::move(args), loc, std::move(name));
}

Node* Emitter::call(Node* callee, std::vector<Node*> args, std::string name) {
  std::vector<Node*> inputs{callee};
  inputs.insert(inputs.end(), args.begin(), args.end());
  return cx.module().apply(g, std::move(inputs), loc, std::move(name));
}

Node* Emitter::cst(ir::ConstValue v) { return cx.module().constant(std::move(v), loc); }

Node* Emitter::tuple(std::vector<Node*> elems, std::string name) {
  return op(Prim::MakeTuple, std::move(elems), std::move(name));
}

Node* Emitter::get(Node* t, int64_t i, std::string name) {
  // Reading a component of a tuple built right here needs no node.
  if (t->is_prim_apply(Prim::MakeTuple) && t->graph == g && i >= 0 &&
      static_cast<size_t>(i) < t->num_args())
    return t->arg(static_cast<size_t>(i));
  return op(Prim::TupleGet, {t, i64(i)}, std::move(name));
}

Node* Emitter::zeros(Node* x, const Node* typed) {
  if (x->is_constant()) {
    const ir::ConstValue& v = x->value;
    if (std::holds_alternative<double>(v)) return f64(0.0);
    if (std::holds_alternative<int64_t>(v)) return i64(0);
    if (std::holds_alternative<bool>(v)) return cst(false);
    if (std::holds_alternative<ir::Graph*>(v) || std::holds_alternative<Prim>(v))
      return tuple({});  // a top-level function or a primitive: its env is ()
    if (std::holds_alternative<ir::Undef>(v) || std::holds_alternative<ir::NoneVal>(v) ||
        std::holds_alternative<std::string>(v))
      return x;
  }
  const Node* t = typed ? typed : x;
  if (typed_f64(t)) return f64(0.0);
  if (typed_i64(t)) return i64(0);
  return op(Prim::ZerosLike, {x});
}

Node* Emitter::add(Node* a, Node* b) {
  if (!a) return b;
  if (!b) return a;
  return op(Prim::AddTangent, {a, b});
}

Node* Emitter::closure(ir::Graph* code, std::vector<Node*> env, std::string name) {
  Node* e = tuple(std::move(env));
  cx.note_arity(e, static_cast<int>(e->num_args()));
  return op(Prim::MakeClosure, {cst(code), e}, std::move(name));
}

Node* Emitter::generic(const std::string& code, std::vector<Node*> env, std::string name_hint) {
  return op(Prim::MakeClosure, {cst(code), tuple(std::move(env))}, std::move(name_hint));
}

}  // namespace fx::ad
