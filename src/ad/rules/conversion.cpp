// Conversion family: float(x) passes derivatives through (an i64 argument has none);
// int(x) truncates: zero derivative.
#include "ad/rule_context.hpp"
#include "ad/rules/rules.hpp"
#include "ad/typeinfo.hpp"

namespace fx::ad {

using ir::Node;
using ir::Prim;

namespace conversion_rules {

void jvp_float(JvpCtx& c) {
  Node* y = c.primal();
  Node* dx = c.tan(0);
  // An untyped argument may be an i64 whose zero tangent is an i64: convert it too.
  c.set(y, typed_f64(c.node->arg(0)) ? dx : c.e.op(Prim::ToF64, {dx}));
}
void vjp_float(VjpBackwardCtx& c) { c.give(0, c.ct()); }

}  // namespace conversion_rules

void register_conversion_rules(Registry& r) {
  using namespace conversion_rules;
  r.set_jvp(Prim::ToF64, jvp_float);
  r.set_vjp(Prim::ToF64, vjp_float);
  r.set_zero(Prim::ToI64);
  r.set_zero(Prim::ToStr);  // a str carries no derivative
}

}  // namespace fx::ad
