#include "ad/typeinfo.hpp"

#include "types/type.hpp"

namespace fx::ad {

bool has_no_derivative(const ir::Node* n) {
  if (!n || !n->type) return false;
  // Only these scalar kinds; floats, aggregates, functions and unknown types may carry one.
  types::TypeKind k = n->type->kind;
  return k == types::TypeKind::I64 || k == types::TypeKind::Bool || k == types::TypeKind::Str ||
         k == types::TypeKind::None;
}

bool typed_f64(const ir::Node* n) { return n && n->type && n->type->kind == types::TypeKind::F64; }
bool typed_i64(const ir::Node* n) { return n && n->type && n->type->kind == types::TypeKind::I64; }

bool graph_is_typed(const ir::Graph* g) {
  if (g->output && g->output->type) return true;
  for (const ir::Node* p : g->params)
    if (p->type) return true;
  return false;
}

int typed_tuple_arity(const ir::Node* n) {
  if (!n || !n->type || n->type->kind != types::TypeKind::Tuple) return -1;
  return static_cast<int>(n->type->elems.size());
}

}  // namespace fx::ad
