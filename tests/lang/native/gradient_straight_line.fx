# Golden (docs/codegen.md "Derivatives"): the C of a scalar gradient after the optimiser has run over
# the expanded derivative code is straight-line: no closure, no call, no heap allocation — the
# forward pass, the seed and the pullback inlined into one function, here main itself (plain
# derivative code goes into a top-level clone: docs/opt.md "Derivative code"; issue 12's
# acceptance). `0.5 * w` is computed once: CSE finds the pullback's product equal to the forward
# pass's, and the square's derivative 2 * pow(float(u), 1) is 2 * u (algebra.def). The
# arguments come from the command line, so that nothing folds to a constant.
# RUN: args emit-c {file} --fn main
# EXPECT: #include "fluxion/fx_gen.h"
# EXPECT:
# EXPECT:
# EXPECT: /* gradient_straight_line.fx:36: main */
# EXPECT: static fx_none f_main(void) {
# EXPECT:   /* gradient_straight_line.fx:37 */
# EXPECT:   double t_37 = fx_arg_f64(INT64_C(0), 2.0, 0);
# EXPECT:   double t_38 = fx_arg_f64(INT64_C(1), 3.0, 1);
# EXPECT:   /* gradient_straight_line.fx:34 */
# EXPECT:   double t_236 = (t_37 * t_38);
# EXPECT:   double t_237 = (t_236 - 1.0);
# EXPECT:   double t_238 = (0.5 * t_37);
# EXPECT:   double t_239 = (t_238 + t_238);
# EXPECT:   double t_240 = ((double)INT64_C(2) * t_237);
# EXPECT:   double t_241 = (t_240 * t_38);
# EXPECT:   double t_242 = (t_239 + t_241);
# EXPECT:   /* gradient_straight_line.fx:37 */
# EXPECT:   fx_none t_43 = 0;
# EXPECT:   fx_rt_put_f64(t_242);
# EXPECT:   fx_rt_end_line();
# EXPECT:   fx_none result_ = (fx_none)0;
# EXPECT:   return result_;
# EXPECT: }
# EXPECT:
def loss(w, x):
    return (w * x - 1.0) ** 2 + 0.5 * w * w

def main():
    print(grad(loss)(arg(0, 2.0), arg(1, 3.0)))
