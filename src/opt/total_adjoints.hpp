// Tensor adjoints that cannot fail: the cases where the operands of an adjoint primitive are
// those of the primal it differentiates, so the shape checks it makes when it runs are known
// to pass (removable.hpp: only such nodes may be deleted unread or hoisted).
#pragma once
#include "ir/ir.hpp"

namespace fx::opt {

// matmul_vjp_a(ct, b, a) and matmul_vjp_b(a, ct, b) of f64 tensors whose a and b are the
// operands of a product m = matmul(a, b) that ran, and whose cotangent ct has m's shape
// because it is unbroadcast(x, m): ct then fits a @ b, and the adjoint's result has the shape
// of a (or b), which exists, so it checks nothing that can fail. (A cotangent that vjp's
// caller hands in unchecked is not of this form: tests/errors/ad/vjp_cotangent_wrong_shape.fx.)
bool is_total_adjoint(const ir::Node* n);

}  // namespace fx::opt
