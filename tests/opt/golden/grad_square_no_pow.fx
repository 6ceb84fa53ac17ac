# The gradient of a sum of squares, as GMM's objective writes it (bench/models/gmm.fx:
# sum(((x - mu) @ Q) ** 2) and sum(exp(q) ** 2)). Power's rule writes 2 * pow(float(x), 2 - 1):
# float of an f64 tensor is that tensor, and pow(x, 1) is x (algebra.def), so the gradient
# multiplies x - 0.5 by 2 without calling pow on every element or copying x, in one fused
# loop (bench/SHORTFALLS.md, GMM).
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: main
# IR-NOT: = float\(|= pow\(
# IR-HAS: = fused\(
# GOLDEN-GRAPH: fused
# IR-NOT: = float\(|= pow\(
# IR-COUNT: 1 = mul\(2, %
# EXPECT: [-0.6, 1.2000000000000002, -2.0, 0.19999999999999996]
def sum_squares(x):
    return sum((x - 0.5) ** 2)

def main():
    x = [0.2, 1.1, -0.5, 0.6] * arg(0, 1.0)
    print(grad(sum_squares)(x))
