// Tensor primitives that cannot fail because their operands' shapes are known to fit. A pure
// tensor primitive fails when shapes do not broadcast or do not match (removable.hpp), but
// derivative code is full of operations on values that all have the shape of one primal
// value: the cotangent of y = f(x) elementwise has y's shape, unbroadcast(ct, y) gives y's
// shape, and the adjoints of a product take a cotangent of the product's shape. Following
// those facts back to the node they start from (its "shape root") shows that such an
// operation checks nothing that can fail, so DCE may drop it when nobody reads it (the
// cotangent of a data input, of labels) and LICM may hoist it.
#pragma once
#include "ir/ir.hpp"

namespace fx::opt {

// Shape roots follow elementwise operations (above, when their tensor operands share a root
// or their types know the same extents,
// or when one operand's root is an elementwise operation another operand's root feeds, whose
// shape the broadcast of the two then is: softplus(z) - y * z has the shape of y * z),
// unbroadcast(ct, like) to like, expand_reduced(ct, x, ...) to x, softmax and log_softmax to
// their operand, matmul_vjp_a/_b to the primal operand whose cotangent they are.
//
// Is n, a pure tensor primitive, unable to fail because its operands' shapes fit by
// construction? Only f64 tensors of known rank, with these primitives:
// - the elementwise arithmetic and math of the scalar core (not the integer ones, not the
//   conversions, not matmul), and add_tangent, on tensors with one shape root (numbers beside
//   them are fine);
// - unbroadcast(x, like) with x of like's shape root (the identity);
// - expand_reduced(s, x, None, False) of a number s (s at every element of x's shape);
// - matmul_vjp_a(ct, b, a) and matmul_vjp_b(a, ct, b) whose ct has the shape root of
//   matmul(a, b) with the same a and b: ct fits a @ b, and the result has the shape of a (or
//   b), which exists. (A cotangent vjp's caller hands in unchecked has no such root:
//   tests/errors/ad/vjp_cotangent_wrong_shape.fx keeps its error.)
bool cannot_fail_by_shapes(const ir::Node* n);

// Do f64 tensors a and b have one shape whenever both are computed: one shape root, or types
// that know all their extents, the same ones?
bool same_shape(const ir::Node* a, const ir::Node* b);

// Is n unbroadcast(x, like) of f64 tensors with one shape root, so that its value is x?
bool is_identity_unbroadcast(const ir::Node* n);

// The node whose shape x provably has whenever x is computed (an operand of x, transitively,
// so it is in scope wherever x is); x itself when nothing is known.
ir::Node* shape_root_of(ir::Node* x);

// While one lives, the roots found are kept across queries (they are otherwise forgotten after
// each). A pass that visits nodes parents first and operands before readers (rewrite_nodes)
// holds one and asks for each node's root in that order, so that each query starts from its
// operands' roots: the walk's depth limit then
// never cuts a long chain short (the 64 operations of bench/overhead/per_op_tensor.fx). A root
// kept may be a node the pass has replaced since; rewrite_nodes maps such inputs to the
// replacement when it applies them.
class ShapeRootScope {
 public:
  ShapeRootScope();
  ~ShapeRootScope();
  ShapeRootScope(const ShapeRootScope&) = delete;
  ShapeRootScope& operator=(const ShapeRootScope&) = delete;
};

}  // namespace fx::opt
