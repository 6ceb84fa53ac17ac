// Sums of derivatives in derivative code (add_tangent, docs/ad.md), rewritten where the types
// are known so that a cotangent accumulated over a loop costs what each iteration touches, not
// the size of the tensors it holds. A loop's backward pass adds the body pullback's cotangent
// of the loop's environment into an accumulator at every iteration (ad.jwhile_back_body_acc),
// and the reverse rule of x[i] makes that cotangent set_index(zeros_like(x), i, ct): written
// out densely, each iteration would build a tensor of zeros and a fresh sum (quadratic for a
// loop reading xs[t]). The interpreter keeps such zeros lazy and adds their few entries in
// place (interp/ad_values.cpp, add_lazy); these rules give native code the same costs:
//  * add_tangent of tuples or structs, one of them built in view (a constructor, or the
//    zeros_like of one), is the tuple of the components' sums, so that the rules below meet
//    the tensor leaves;
//  * add_tangent(a, zeros_like(x)) of tensors is a: the interpreter's zero of a float tensor
//    is lazy and the sum returns the other operand as it is, and an integer tensor's (the
//    tangent of an index array is an integer zero) adds exactly (not for numbers: a + 0.0 is
//    not a for a = -0.0, and the interpreter computes that sum);
//  * add_tangent(acc, set_index(zeros_like(x), spec, i..., v)) of tensors is
//    set_index(acc, "+" spec, i..., v), an addition at the region (np.add.at), which native
//    code does in place when acc is handed over (codegen/handovers.cpp). Only where the region
//    has no position twice (integer indices, slices) or the spec adds already: a plain
//    set_index with a repeated index keeps the last value, which an addition would not;
//  * add_tangent(acc, add_tangent(p, q)) of such scatters p, q adds p, then q into acc;
//  * add_tangent(acc, set_index(r, "+" spec, i..., v)) of a loop's result r (an inner backward
//    pass's accumulator) is set_index(add_tangent(acc, r), "+" spec, i..., v), so that the
//    inner loop can start at acc (loop_accumulators.cpp).
// The operands of a sum in derivative code have the same shapes by construction (the zero and
// the accumulator are both of the value whose cotangent they hold), so the shape check the sum
// would make cannot fail.
#include <set>

#include "opt/pass.hpp"
#include "opt/removable.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Node;
using ir::Prim;
using types::Type;
using types::TypeKind;

bool float_tensor(const Type* t) {
  return t && t->kind == TypeKind::Tensor && t->dtype &&
         (t->dtype->kind == TypeKind::F64 || t->dtype->kind == TypeKind::F32);
}

bool aggregate(const Type* t) { return t && (t->kind == TypeKind::Tuple || t->kind == TypeKind::Struct); }

size_t component_count(const Type* t) {
  return t->kind == TypeKind::Tuple ? t->elems.size() : t->struct_decl->fields.size();
}

class TangentSums {
 public:
  explicit TangentSums(PassContext& ctx) : ctx_(ctx) {}

  bool run() {
    Replacements r;
    for (ir::Graph* g : typed_graphs(ctx_.module)) {
      const std::vector<Node*> old = g->body;  // detached_apply touches g->body
      std::vector<Node*> body;
      bool here = false;
      for (Node* n : old) {
        r.refresh(n);
        const size_t before = body.size();
        Node* value = rewritten(g, n, body);
        if (value && can_replace(n, value)) {
          r.add(n, value);
          here = true;
          continue;
        }
        body.resize(before);  // (a rule that gave up leaves nothing behind)
        body.push_back(n);
      }
      g->body = here ? std::move(body) : old;
    }
    if (!r.apply(ctx_.module)) return false;
    drop_subsumed();
    return true;
  }

  // Removes the scatters into zeros and sums of them that an addition in place replaced,
  // once nothing reads them (with the dead nodes that read them: the cotangent tuple the sum
  // was taken apart from). They are not removable as such — an index out of range fails, a
  // sum of tensors checks their shapes — but the addition in place checks the same indices
  // against the same shape, at the scatter's location, and in derivative code the forward
  // pass's read x[i] checked them before.
  void drop_subsumed() {
    auto uses = count_uses(ctx_.module);
    for (bool again = !subsumed_.empty(); again;) {
      again = false;
      for (ir::Graph* g : typed_graphs(ctx_.module)) {
        const size_t before = g->body.size();
        for (auto it = g->body.rbegin(); it != g->body.rend(); ++it) {
          Node* n = *it;
          if (uses[n] != 0 || !(subsumed_.count(n) || may_delete_unused(n, ctx_.options.check_nan))) continue;
          for (const Node* in : n->inputs) --uses[in];
          *it = nullptr;
        }
        std::erase(g->body, nullptr);
        again = again || g->body.size() != before;
      }
    }
  }

 private:
  // What n becomes, its new nodes appended to `body`; null when no rule applies.
  Node* rewritten(ir::Graph* g, Node* n, std::vector<Node*>& body) {
    if (!n->is_prim_apply(Prim::AddTangent) || !n->type || n->num_args() != 2) return nullptr;
    Node* a = n->arg(0);
    Node* b = n->arg(1);
    if (!a->type || !b->type) return nullptr;
    if (n->type->kind == TypeKind::Tensor) {
      if (is_zero(b) && a->type == n->type) return a;
      if (is_zero(a) && b->type == n->type) return b;
    }
    if (float_tensor(n->type)) {
      if (Node* s = add_at(g, a, b, n, body)) return s;
      if (Node* s = add_at(g, b, a, n, body)) return s;
      if (Node* s = add_one_by_one(g, a, b, n, body)) return s;
      if (Node* s = add_one_by_one(g, b, a, n, body)) return s;
      return nullptr;
    }
    if (aggregate(n->type) && (built_in_view(a) || built_in_view(b))) return componentwise(g, n, a, b, body);
    return nullptr;
  }

  static bool is_zero(const Node* x) { return x->is_prim_apply(Prim::ZerosLike); }

  // A value whose components are known without reading it: a tuple or struct constructor, or
  // the zero of a tuple or struct.
  static bool built_in_view(const Node* x) {
    if (x->is_prim_apply(Prim::MakeTuple) || x->is_prim_apply(Prim::MakeStruct)) return true;
    return is_zero(x) && aggregate(x->arg(0)->type) && x->arg(0)->type->kind == x->type->kind;
  }

  // add_tangent(acc, set_index(zeros_like(x), spec, i..., v)) → set_index(acc, "+spec", i..., v),
  // and add_tangent(acc, set_index(s, "+spec", i..., v)) of a scatter s →
  // set_index(add_tangent(acc, s), "+spec", i..., v).
  Node* add_at(ir::Graph* g, Node* acc, Node* scatter, Node* n, std::vector<Node*>& body) {
    if (acc->type != n->type || !scatter->is_prim_apply(Prim::SetIndex) || scatter->num_args() < 3 ||
        !scatter->type || scatter->type->kind != TypeKind::Tensor)
      return nullptr;
    const Node* spec = scatter->arg(1);
    if (!spec->is_constant() || !std::holds_alternative<std::string>(spec->value)) return nullptr;
    std::string text = spec->as_str();
    const bool adds = !text.empty() && text[0] == '+';
    Node* base = scatter->arg(0);
    if (!is_zero(base) && !(adds && base->type == n->type && (scattered(base) || accumulated(base)))) return nullptr;
    if (!adds) {
      // Each index operand an integer: the region is a block, no position in it twice.
      for (size_t i = 2; i + 1 < scatter->num_args(); ++i) {
        const Node* k = scatter->arg(i);
        int64_t c;
        if (!constant_int(k, &c) && !(k->type && k->type->kind == TypeKind::I64)) return nullptr;
      }
      text = "+" + text;
    }
    Node* into = is_zero(base) ? acc : add(g, acc, base, n->type, n->loc, "", body);
    std::vector<Node*> inputs = scatter->inputs;
    inputs[1] = into;  // inputs[0] is the callee
    inputs[2] = typed_constant(ctx_.module, text, spec->type ? spec->type : ctx_.store.str(), spec->loc);
    // Located where the scatter was: an index error would be reported there.
    Node* s = detached_apply(ctx_.module, g, std::move(inputs), scatter->loc, n->type, n->name);
    body.push_back(s);
    subsumed_.insert(scatter);
    return s;
  }

  // A scatter into zeros, more added at places into it, or a sum of such (the cotangent of a
  // body that reads x[t] and x[t + 1]): what the interpreter keeps as a lazy zero with entries.
  static bool scattered(const Node* x) {
    if (x->is_prim_apply(Prim::SetIndex) && x->num_args() >= 3) {
      if (is_zero(x->arg(0))) return true;
      const Node* spec = x->arg(1);
      return spec->is_constant() && std::holds_alternative<std::string>(spec->value) && !spec->as_str().empty() &&
             spec->as_str()[0] == '+' && x->arg(0)->type == x->type && scattered(x->arg(0));
    }
    return x->is_prim_apply(Prim::AddTangent) && x->num_args() == 2 && x->arg(0)->type == x->type &&
           x->arg(1)->type == x->type && scattered(x->arg(0)) && scattered(x->arg(1));
  }

  // A part of what a loop returns (tuple_gets of a while): an inner backward pass's accumulated
  // cotangent, with more added at places into it. Summed into acc first, the loop can start at
  // acc instead of at zero (loop_accumulators.cpp) and then adds into it in place.
  static bool accumulated(const Node* x) {
    if (x->is_prim_apply(Prim::SetIndex) && x->num_args() >= 3) {  // more added into it
      const Node* spec = x->arg(1);
      return spec->is_constant() && std::holds_alternative<std::string>(spec->value) && !spec->as_str().empty() &&
             spec->as_str()[0] == '+' && x->arg(0)->type == x->type && accumulated(x->arg(0));
    }
    while (x->is_prim_apply(Prim::TupleGet) && x->num_args() == 2) x = x->arg(0);
    return x->is_prim_apply(Prim::While);
  }

  // add_tangent(acc, add_tangent(p, q)) of scatters p and q → add_tangent(add_tangent(acc, p), q):
  // each scatter then adds in place (add_at). The interpreter adds a lazy zero's entries into
  // the accumulator one by one, in this order, so the sums are rounded alike.
  Node* add_one_by_one(ir::Graph* g, Node* acc, Node* sum, Node* n, std::vector<Node*>& body) {
    if (acc->type != n->type || sum->type != n->type || !sum->is_prim_apply(Prim::AddTangent) || !scattered(sum))
      return nullptr;
    subsumed_.insert(sum);
    Node* first = add(g, acc, sum->arg(0), n->type, n->loc, "", body);
    return add(g, first, sum->arg(1), n->type, n->loc, n->name, body);
  }

  // add_tangent(a, b) of type t, with the rules applied to it at once.
  Node* add(ir::Graph* g, Node* a, Node* b, const Type* t, SourceLoc loc, const std::string& name, std::vector<Node*>& body) {
    Node* sum = detached_apply(ctx_.module, g, {ctx_.module.prim(Prim::AddTangent), a, b}, loc, t, name);
    const size_t before = body.size();
    Node* value = rewritten(g, sum, body);
    if (value && can_replace(sum, value)) return value;
    body.resize(before);
    body.push_back(sum);
    return sum;
  }

  // The tuple or struct of the components' sums.
  Node* componentwise(ir::Graph* g, Node* n, Node* a, Node* b, std::vector<Node*>& body) {
    const Type* t = n->type;
    std::vector<Node*> xs, ys, parts;
    for (size_t i = 0; i < component_count(t); ++i) {
      xs.push_back(component(g, a, t, i, body));
      ys.push_back(xs.back() ? component(g, b, t, i, body) : nullptr);
      if (!xs.back() || !ys.back()) return nullptr;
    }
    for (size_t i = 0; i < component_count(t); ++i) parts.push_back(add(g, xs[i], ys[i], part_type(t, i), n->loc, "", body));
    std::vector<Node*> inputs{ctx_.module.prim(t->kind == TypeKind::Tuple ? Prim::MakeTuple : Prim::MakeStruct)};
    if (t->kind == TypeKind::Struct)
      inputs.push_back(typed_constant(ctx_.module, t->struct_decl, ctx_.store.struct_ctor(t->struct_decl), n->loc));
    inputs.insert(inputs.end(), parts.begin(), parts.end());
    Node* made = detached_apply(ctx_.module, g, std::move(inputs), n->loc, t, n->name);
    body.push_back(made);
    return made;
  }

  const Type* part_type(const Type* t, size_t i) {
    return t->kind == TypeKind::Tuple ? t->elems[i] : ctx_.checker.annotations().field_type(t->struct_decl, i);
  }

  // Component i of x, a value of the aggregate kind of t (a tuple or struct of that shape).
  Node* component(ir::Graph* g, Node* x, const Type* t, size_t i, std::vector<Node*>& body) {
    const Type* xt = x->type;
    // (The zero of a function value is its env's: not taken apart here.)
    if (!aggregate(t) || !aggregate(xt) || xt->kind != t->kind || component_count(xt) != component_count(t) ||
        (t->kind == TypeKind::Struct && xt->struct_decl != t->struct_decl))
      return nullptr;
    if (x->is_prim_apply(Prim::MakeTuple)) return x->num_args() == component_count(t) ? x->arg(i) : nullptr;
    if (x->is_prim_apply(Prim::MakeStruct)) return x->num_args() == component_count(t) + 1 ? x->arg(i + 1) : nullptr;
    if (is_zero(x)) {
      Node* of = component(g, x->arg(0), x->arg(0)->type, i, body);
      if (!of) return nullptr;
      Node* z = detached_apply(ctx_.module, g, {ctx_.module.prim(Prim::ZerosLike), of}, x->loc, part_type(xt, i));
      body.push_back(z);
      return z;
    }
    Node* read;
    if (t->kind == TypeKind::Tuple) {
      Node* k = typed_constant(ctx_.module, static_cast<int64_t>(i), ctx_.store.i64(), x->loc);
      read = detached_apply(ctx_.module, g, {ctx_.module.prim(Prim::TupleGet), x, k}, x->loc, xt->elems[i]);
    } else {
      Node* f = typed_constant(ctx_.module, xt->struct_decl->fields[i].name, ctx_.store.str(), x->loc);
      read = detached_apply(ctx_.module, g, {ctx_.module.prim(Prim::GetAttr), x, f}, x->loc, part_type(xt, i));
    }
    body.push_back(read);
    return read;
  }

  PassContext& ctx_;
  std::set<const Node*> subsumed_;  // scatters into zeros (and their sums) added in place instead
};

}  // namespace

bool sum_tangents(PassContext& ctx) { return TangentSums(ctx).run(); }

}  // namespace fx::opt
