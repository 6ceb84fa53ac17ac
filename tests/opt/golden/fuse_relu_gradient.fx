# Fusion (docs/opt.md "Fusion") of relu's derivative, where(y > 0, ct, 0.0) with y = relu(x)
# (ad/rules/math.cpp): the ordering that only the `where` reads is a bool per element inside
# the loop, never a tensor. Since the rule tests y and not x, x = w * x + b is read by relu
# alone, so the gradient of sum(relu(w * x + b) * x) is two loops: cos(w) * x, then one that
# adds b, takes relu, multiplies by x and selects; no relu, gt or where runs outside a kernel.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: main
# IR-COUNT: 2 = fused\(@fused\.\d+
# IR-NOT: = relu\(
# IR-NOT: = gt\(
# IR-NOT: = where\(
# C-HAS: const bool t_\d+_e\d+ = \(t_\d+_e\d+ > \(double\)INT64_C\(0\)\);
# C-HAS: const double t_\d+_e\d+ = \(t_\d+_e\d+ \? t_\d+_e\d+ : 0\.0\);
# EXPECT: [0.0, 0.9284443766844737, 0.26574166434981145, 0.4730222897186756, 0.7804921287136143]
# EXPECT: -0.09216125766547012
def layer(w, x, b):
    return sum(relu(w * x + b) * x)

def main():
    n = int(arg(0, 5))
    x = sin(arange(n) * 1.3)
    w = cos(arange(n) * 0.7)
    print(grad(layer)(w, x, 0.1))
    print(grad(layer, argnums=2)(w, x, 0.1))
