# The gradient with respect to w only: the pullback of `softplus(w) * y` also builds y's
# cotangent, `unbroadcast(ct * softplus(w), y)`, which nobody reads. The types of derivative
# code forget extents, so DCE cannot show that its shapes agree; but the rules built it, and
# once the primal product ran they agree by construction (ir::Node::follows_primal), so it goes.
# w's cotangent, unbroadcast(ct * y, softplus(w)), reads softplus(w) only for its shape;
# refine-extents types w's product with y as (3,), like softplus(w), so the unbroadcast is the
# identity (shaped_identities.cpp), and the only softplus left is the one fused into the
# primal product.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: main
# IR-NOT: unbroadcast\(
# IR-NOT: = softplus\(
# EXPECT: [0.3112296656009273, 0.40341213205499266, -0.8175744761936437]
def loss(w, y):
    return sum(softplus(w) * y)

def main():
    w = arg(0, 0.5) * [1.0, -2.0, 3.0]
    y = [0.5, 1.5, -1.0]
    print(grad(loss)(w, y))
