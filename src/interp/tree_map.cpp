// tree_map(f, x, y...) (docs/ir.md "tree_map"): f applied to corresponding tensor and float
// leaves; tuples and structs rebuilt around the results; other leaves kept. Type inference
// has checked that the trees share x's structure.
#include "interp/machine.hpp"
#include "support/diagnostics.hpp"

namespace fx::interp {

namespace {

bool is_mapped_leaf(const Value& v) { return v.kind() == Kind::Tensor || v.kind() == Kind::Float; }

}  // namespace

Value Machine::tree_map_node(const Value& f, std::vector<Value>& trees, const ir::Node* at) {
  const Value& x = trees[0];
  if (x.kind() == Kind::Tuple || x.kind() == Kind::Struct) {
    size_t count = x.items().size();
    std::vector<Value> results;
    results.reserve(count);
    for (size_t i = 0; i < count; ++i) {
      std::vector<Value> children;
      children.reserve(trees.size());
      for (const Value& t : trees) children.push_back(t.items()[i]);
      results.push_back(tree_map_node(f, children, at));
    }
    if (x.kind() == Kind::Tuple) return Value::tuple(std::move(results));
    return Value::make_struct(x.as_struct().decl, std::move(results));
  }
  if (!is_mapped_leaf(x)) return x;
  return invoke(f, trees.data(), trees.size(), nullptr, at);
}

Value Machine::eval_tree_map(Value* args, size_t n, const ir::Node* at) {
  if (n < 2) internal_error("interpreter", "tree_map with fewer than two operands");
  std::vector<Value> trees(args + 1, args + n);
  return tree_map_node(args[0], trees, at);
}

}  // namespace fx::interp
