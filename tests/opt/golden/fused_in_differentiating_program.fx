# Fusion in a program that differentiates (docs/opt.md "Fusion", "When"): the pipeline's run
# over the expanded program fuses the primal's sum(sin(x) * 2.0) into one loop with no tensor,
# and the gradient's chain 2.0 * cos(x) into one loop writing one tensor. The grad sits in a
# lambda passed to a function that is inlined; that lambda, kept with its grad node and never
# called, is left unfused (bench/SHORTFALLS.md: before, it kept the whole program unfused).
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: main
# IR-COUNT: 2 = fused\(
# IR-NOT: = sin\(
# IR-NOT: = cos\(
# EXPECT: 1.966882592823759
# EXPECT: [2.0, 1.9900083305560516, 1.9601331556824833, 1.910672978251212, 1.8421219880057702]
def f(x):
    return sum(sin(x) * 2.0)

def call(g):
    return g()

def main():
    x = 0.1 * arange(arg(0, 5))
    print(call(lambda: f(x)))
    print(call(lambda: grad(f)(x)))
