# Pins: a gradient-clipping identity written with custom_vjp (the JAX documentation's
# example) with an empty tuple of residuals: cotangents are clipped to [-1, 1].
# EXPECT: 1.0
# EXPECT: -1.0
# EXPECT: 0.5
# EXPECT: 2.0
def clip_fwd(x):
    return (x, ())

def clip_bwd(res, g):
    return (max(min(g, 1.0), -1.0),)

@custom_vjp(clip_fwd, clip_bwd)
def clip_gradient(x):
    return x

def main():
    print(grad(lambda x: 5.0 * clip_gradient(x))(2.0))
    print(grad(lambda x: clip_gradient(x) * -3.0)(2.0))
    print(grad(lambda x: 0.5 * clip_gradient(x))(2.0))
    print(clip_gradient(2.0))
