# Golden (docs/codegen.md "Derivatives"): the C of a scalar gradient after the optimiser has run over
# the expanded derivative code is straight-line: no closure, no call, no heap allocation — the
# forward pass, the seed and the pullback inlined into one function (issue 12's acceptance).
# `0.5 * w` is computed once: CSE finds the pullback's product equal to the forward pass's.
# RUN: args emit-c {file} --fn grad
# EXPECT: #include "fluxion/fx_gen.h"
# EXPECT:
# EXPECT: /* the captured values of <function loss> */
# EXPECT: typedef struct C_loss {
# EXPECT:   fx_none empty_;
# EXPECT: } C_loss;
# EXPECT: /* (<function loss>, i64) */
# EXPECT: typedef struct T_2 {
# EXPECT:   C_loss e0;
# EXPECT:   int64_t e1;
# EXPECT: } T_2;
# EXPECT:
# EXPECT: /* grad,argnums=0,n=2 */
# EXPECT: static double f_grad(T_2 v_x24env_68, double x0_69, double x1_70) {
# EXPECT:   /* gradient_straight_line.fx:35 */
# EXPECT:   double t_194 = (x0_69 * x1_70);
# EXPECT:   double t_195 = (t_194 - 1.0);
# EXPECT:   double t_197 = (0.5 * x0_69);
# EXPECT:   double t_208 = (t_197 + t_197);
# EXPECT:   double t_210 = t_195;
# EXPECT:   double t_211 = pow(t_210, (double)INT64_C(1));
# EXPECT:   double t_212 = ((double)INT64_C(2) * t_211);
# EXPECT:   double t_215 = (t_212 * x1_70);
# EXPECT:   double t_216 = (t_208 + t_215);
# EXPECT:   double result_ = t_216;
# EXPECT:   return result_;
# EXPECT: }
# EXPECT:
def loss(w, x):
    return (w * x - 1.0) ** 2 + 0.5 * w * w

def main():
    print(grad(loss)(2.0, 3.0))
