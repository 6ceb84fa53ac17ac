// Type rule of tree_map(f, x, y...) (docs/ir.md "tree_map"): f is called on each tensor or
// float leaf of x together with the corresponding leaves of y...; tuples and structs are
// rebuilt around the results; other leaves (integers, booleans, strings, enums, functions)
// are kept. Each distinct leaf signature is one call of f, so f is specialised per leaf type
// like any function value.
#include "support/diagnostics.hpp"
#include "types/inferrer.hpp"
#include "types/locations.hpp"

namespace fx::types {

namespace {

std::string path_text(const std::string& path) { return path.empty() ? "the argument" : "leaf " + path; }

}  // namespace

const Type* Inferrer::tree_map_node(Record& r, const PrimCall& pc, const Type* f,
                                     const std::vector<const Type*>& trees, const std::string& path) {
  const Type* x = trees[0];
  for (const Type* t : trees)
    if (t->kind == TypeKind::Bottom) return store_.bottom();  // not known yet (recursion approximation)
  auto mismatch = [&](const Type* other) {
    compile_error(pc.node->loc, "tree_map: " + path_text(path) + " is " + to_string(x) + " in the first tree but " +
                                      to_string(other) + " in another; every tree must have the first one's structure");
  };
  if (x->kind == TypeKind::Tuple) {
    std::vector<const Type*> results;
    for (size_t i = 0; i < x->elems.size(); ++i) {
      std::vector<const Type*> children;
      for (const Type* t : trees) {
        if (t->kind != TypeKind::Tuple || t->elems.size() != x->elems.size()) mismatch(t);
        children.push_back(t->elems[i]);
      }
      results.push_back(tree_map_node(r, pc, f, children, path + "[" + std::to_string(i) + "]"));
    }
    return store_.tuple(std::move(results));
  }
  if (x->kind == TypeKind::Struct) {
    const ir::StructDecl* decl = x->struct_decl;
    for (size_t i = 0; i < decl->fields.size(); ++i) {
      std::vector<const Type*> children;
      for (const Type* t : trees) {
        if (t != x) mismatch(t);
        children.push_back(annotations_.field_type(decl, i));
      }
      std::string field_path = path + "." + decl->fields[i].name;
      const Type* result = tree_map_node(r, pc, f, children, field_path);
      const Type* declared = annotations_.field_type(decl, i);
      if (!fits(result, declared))
        compile_error(pc.node->loc, "tree_map: f returns " + to_string(result) + " for " + path_text(field_path) +
                                          ", but the field is declared " + to_string(declared));
    }
    return x;
  }
  if (!is_tree_map_leaf(x)) return x;  // kept as it is
  for (const Type* t : trees)
    if (!is_tree_map_leaf(t) && t->kind != TypeKind::Bottom) mismatch(t);
  return call(r, pc.node, f, trees, {});
}

const Type* Inferrer::infer_tree_map(const PrimCall& pc) {
  Record& r = *stack_.back();
  if (pc.args.size() < 2)
    compile_error(pc.node->loc, "tree_map takes a function and at least one tree, " +
                                      std::to_string(pc.args.size()) + " argument" +
                                      (pc.args.size() == 1 ? "" : "s") + " given");
  const Type* f = pc.args[0];
  if (f->kind != TypeKind::Bottom && !is_function(f))
    compile_error(operand_at(pc, 0), "tree_map needs a function as its first argument, found " + to_string(f));
  std::vector<const Type*> trees(pc.args.begin() + 1, pc.args.end());
  return tree_map_node(r, pc, f, trees, "");
}

bool is_tree_map_leaf(const Type* t) { return t->kind == TypeKind::Tensor || is_float(t); }

}  // namespace fx::types
