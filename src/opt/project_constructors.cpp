// Projection of constructors: reading a component of a value built in view gives the
// component itself — tuple_get(make_tuple(a, b), 1) is b, a struct field read from
// make_struct or from set_attr of that field is the field's value, variant_tag and
// variant_field of make_variant are known, a converted closure's env is what it was made with. Loop states, multiple results and AD's
// (value, pullback) pairs are tuples packed in one place and unpacked in another; after
// inlining the two meet, and this pass (with DCE) removes the packing altogether.
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Node;
using ir::Prim;

// What `n` reads out of a constructor, or null when it does not.
Node* projected(ir::Module& m, Node* n) {
  Prim p;
  if (!n->prim_callee(&p)) return nullptr;
  switch (p) {
    case Prim::TupleGet: {
      int64_t k;
      Node* t = n->arg(0);
      if (!constant_int(n->arg(1), &k)) return nullptr;
      if (t->is_prim_apply(Prim::MakeTuple)) {
        if (k < 0) k += static_cast<int64_t>(t->num_args());
        return k >= 0 && size_t(k) < t->num_args() ? t->arg(size_t(k)) : nullptr;
      }
      // tuple_get(set_attr(t, i, v), i) = v: AD output replaces one element of a tuple.
      int64_t i;
      if (t->is_prim_apply(Prim::SetAttr) && constant_int(t->arg(1), &i) && i == k) return t->arg(2);
      return nullptr;
    }
    case Prim::GetAttr: {
      const std::string* name = constant_string(n->arg(1));
      Node* x = n->arg(0);
      if (!name) return nullptr;
      if (x->is_prim_apply(Prim::MakeStruct) && x->num_args() >= 1 && x->arg(0)->is_constant() &&
          std::holds_alternative<const ir::StructDecl*>(x->arg(0)->value)) {
        const ir::StructDecl* decl = std::get<const ir::StructDecl*>(x->arg(0)->value);
        int i = decl->field_index(*name);
        // make_struct(S, f1, ..., fn): field i is argument i + 1.
        return i >= 0 && size_t(i) + 1 < x->num_args() ? x->arg(size_t(i) + 1) : nullptr;
      }
      if (x->is_prim_apply(Prim::SetAttr)) {
        const std::string* set = constant_string(x->arg(1));
        if (set && *set == *name) return x->arg(2);
      }
      return nullptr;
    }
    case Prim::VariantTag: {
      Node* x = n->arg(0);
      if (!x->is_prim_apply(Prim::MakeVariant) || !x->arg(0)->is_constant() ||
          !std::holds_alternative<const ir::VariantDecl*>(x->arg(0)->value))
        return nullptr;
      const ir::VariantDecl* v = std::get<const ir::VariantDecl*>(x->arg(0)->value);
      return typed_constant(m, int64_t(v->index), n->type, n->loc);
    }
    case Prim::VariantField: {
      Node* x = n->arg(0);
      int64_t i;
      if (!x->is_prim_apply(Prim::MakeVariant) || !constant_int(n->arg(2), &i)) return nullptr;
      // Only the same variant: the wrong one is a run-time error that must stay.
      auto variant = [](const Node* c) -> const ir::VariantDecl* {
        auto* v = c->is_constant() ? std::get_if<const ir::VariantDecl*>(&c->value) : nullptr;
        return v ? *v : nullptr;
      };
      if (!variant(x->arg(0)) || variant(x->arg(0)) != variant(n->arg(1))) return nullptr;
      return i >= 0 && size_t(i) + 1 < x->num_args() ? x->arg(size_t(i) + 1) : nullptr;
    }
    // closure_env(make_closure(code, env)) is env: derivative code packs a pullback's
    // residuals into a closure that, after inlining, the same graph unpacks.
    case Prim::ClosureEnv: {
      Node* c = n->arg(0);
      return c->is_prim_apply(Prim::MakeClosure) ? c->arg(1) : nullptr;
    }
    default: return nullptr;
  }
}

}  // namespace

bool project_constructors(PassContext& ctx) {
  return replace_nodes(ctx.module, [&](Node* n) { return projected(ctx.module, n); });
}

}  // namespace fx::opt
