# Pins: grad_hook only changes reverse-mode cotangents; forward mode (jvp, derivative) sees
# the identity, so its tangent is not transformed.
# spec-silent: §6 defines the hook for reverse mode only; forward mode is taken as identity.
# EXPECT: (3.0, 3.0)
# EXPECT: 6.0
# EXPECT: 12.0
def double(g):
    return 2.0 * g

def main():
    print(jvp(lambda x: 3.0 * grad_hook(x, double), (1.0,), (1.0,)))
    print(derivative(lambda x: grad_hook(x * x, double))(3.0))
    print(grad(lambda x: grad_hook(x * x, double))(3.0))
