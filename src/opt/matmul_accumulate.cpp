// Products added into a loop's accumulator: reverse mode through a loop that multiplies by a
// weight matrix (an RNN's `whh @ h`) adds the weight's cotangent of every iteration to an
// accumulator, add_tangent(acc, matmul_vjp_a(ct, h, w)) — a product written to a new matrix, then
// read again by the sum. matmul_vjp_a_add(ct, h, acc) is the same sum with the product added
// into acc by the one BLAS call (gemm with beta 1, runtime/src/adjoint.cpp) when nothing else
// holds acc, as at a loop's last read of its accumulator (codegen/handovers.cpp hands it over):
// one pass over the matrix instead of three, and no matrix made per iteration. Likewise
// matmul_vjp_b, and outer(x, y) of two vectors, which matmul-adjoints makes of a matrix-vector
// product's matmul_vjp_a (it is matmul_vjp_a(x, y, acc) of vectors).
//
// The new primitives have no derivative rules, so this runs once, after every transform and
// round (pipeline.cpp's final steps), on derivative code only: the generated graphs that
// Compilation::optimise_derivatives marks as their own origin, and the copies inlined from them.
// Only on a whole program (OptOptions::whole_program: `fluxion run`, `emit-c`, `ir`): the
// embedding API expands derivatives again for later calls, which may differentiate derivative
// code an earlier call built, and these primitives have no rules to differentiate.
// The product must be read by the sum alone, and the accumulator have the sum's type: a matrix
// of f64 or f32 (its value gives the shape the adjoint reads, as the primal operand did).
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Node;
using ir::Prim;

bool float_matrix(const types::Type* t) {
  if (!t || !types::is_tensor(t) || types::rank_of(t) != 2) return false;
  const types::Type* d = types::dtype_of(t);
  return d && (d->kind == types::TypeKind::F64 || d->kind == types::TypeKind::F32);
}

bool vector_of(const Node* x, const types::Type* dtype) {
  return x->type && types::is_tensor(x->type) && types::rank_of(x->type) == 1 && types::dtype_of(x->type) == dtype;
}

bool in_derivative_code(const ir::Graph* g) {
  for (; g; g = g->parent)
    if (derivative_code(g)) return true;
  return false;
}

// The accumulating form of acc + product, or null.
Node* accumulating(PassContext& ctx, Node* sum, Node* acc, Node* product) {
  if (acc->type != sum->type || product->graph != sum->graph) return nullptr;
  Prim p;
  Node* x = nullptr;
  Node* y = nullptr;
  if ((product->is_prim_apply(Prim::MatMulVjpA) || product->is_prim_apply(Prim::MatMulVjpB)) &&
      product->num_args() == 3 && product->arg(2)->type == sum->type) {
    p = product->is_prim_apply(Prim::MatMulVjpA) ? Prim::MatMulVjpAAdd : Prim::MatMulVjpBAdd;
    x = product->arg(0);
    y = product->arg(1);
  } else if (product->is_prim_apply(Prim::Outer) && product->num_args() == 2 &&
             vector_of(product->arg(0), types::dtype_of(sum->type)) &&
             vector_of(product->arg(1), types::dtype_of(sum->type))) {
    p = Prim::MatMulVjpAAdd;  // outer(x, y) = x yᵀ = matmul_vjp_a(x, y, a) for a matrix a
    x = product->arg(0);
    y = product->arg(1);
  } else {
    return nullptr;
  }
  return detached_apply(ctx.module, sum->graph, {ctx.module.prim(p), x, y, acc}, sum->loc, sum->type, sum->name);
}

}  // namespace

bool accumulate_products(PassContext& ctx) {
  if (!ctx.options.whole_program) return false;
  std::vector<ir::Graph*> graphs;
  for (ir::Graph* g : typed_graphs(ctx.module))
    if (in_derivative_code(g)) graphs.push_back(g);
  if (graphs.empty()) return false;
  const auto uses = count_uses(ctx.module);
  auto used_once = [&](const Node* x) {
    auto it = uses.find(x);
    return it != uses.end() && it->second == 1;
  };
  std::vector<Node*> replaced;  // the products the sums alone read
  const bool changed = rewrite_nodes(ctx.module, graphs, [&](Node* n) {
    if (!n->is_prim_apply(Prim::AddTangent) || n->num_args() != 2 || !float_matrix(n->type)) return Rewritten{};
    for (int side = 0; side < 2; ++side) {
      Node* product = n->arg(side);
      if (!product->is_apply() || !used_once(product)) continue;
      if (Node* made = accumulating(ctx, n, n->arg(1 - side), product)) {
        replaced.push_back(product);
        return Rewritten{made, {made}, false};
      }
    }
    return Rewritten{};
  });
  // The product is not removable as such (its shapes are checked), and no DCE runs after this
  // pass: left in place it would still be computed. The accumulating product reads the same
  // operands and checks the same shapes, so nothing is lost by deleting it.
  for (Node* product : replaced) std::erase(product->graph->body, product);
  return changed;
}

}  // namespace fx::opt
