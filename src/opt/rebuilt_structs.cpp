// Structs rebuilt field by field: a chain of set_attr that writes every field of a struct is
// the struct of the values written, whatever the chain started from —
//   set_attr(set_attr(zeros_like(p), "b", gb), "w", gw)  →  make_struct(S, gw, gb)
// Reverse mode builds the gradient of a struct parameter this way: the zero of the struct
// (a zero tensor per field, each allocated and cleared) and then each field's cotangent put
// in its place. After the rewrite nothing reads the zero, and DCE drops it: a model's
// gradient no longer clears a copy of every weight it then replaces. set_attr of a struct
// with a field it has cannot fail, so no error moves.
#include <map>
#include <string>

#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Node;
using ir::Prim;

// The make_struct that n, the last set_attr of a chain, stands for; null when the chain does
// not write every field.
Node* rebuilt(PassContext& ctx, Node* n) {
  const types::Type* t = n->type;
  if (!n->is_prim_apply(Prim::SetAttr) || !t || t->kind != types::TypeKind::Struct || !t->struct_decl) return nullptr;
  const ir::StructDecl* decl = t->struct_decl;
  std::map<int, Node*> written;  // field index → the value written last
  for (Node* x = n; x->is_prim_apply(Prim::SetAttr) && x->type == t; x = x->arg(0)) {
    const std::string* name = constant_string(x->arg(1));
    if (!name) return nullptr;
    int i = decl->field_index(*name);
    if (i < 0) return nullptr;
    written.try_emplace(i, x->arg(2));  // the outermost write wins
    if (written.size() == decl->fields.size()) break;
  }
  if (written.size() != decl->fields.size()) return nullptr;
  std::vector<Node*> inputs{ctx.module.prim(Prim::MakeStruct), typed_constant(ctx.module, decl, ctx.store.struct_ctor(decl), n->loc)};
  for (size_t i = 0; i < decl->fields.size(); ++i) inputs.push_back(written[static_cast<int>(i)]);
  return detached_apply(ctx.module, n->graph, std::move(inputs), n->loc, t, n->name);
}

}  // namespace

bool rebuild_structs(PassContext& ctx) {
  Replacements r;
  for (ir::Graph* g : typed_graphs(ctx.module)) {
    std::vector<Node*> body = g->body;  // detached_apply touches g->body
    std::vector<Node*> rewritten;
    for (Node* n : body) {
      r.refresh(n);
      // (The set_attr nodes inside the chain are then read by nobody, and DCE drops them.)
      Node* made = rebuilt(ctx, n);
      if (made && can_replace(n, made)) {
        rewritten.push_back(made);
        r.add(n, made);
      } else {
        rewritten.push_back(n);
      }
    }
    g->body = std::move(rewritten);
  }
  return r.apply(ctx.module);
}

}  // namespace fx::opt
