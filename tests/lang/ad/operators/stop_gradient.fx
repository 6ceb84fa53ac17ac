# Pins: stop_gradient(x) is the identity with zero derivative, in reverse and forward mode.
# EXPECT: 3.0
# EXPECT: 0.0
# EXPECT: (9.0, 3.0)
# EXPECT: 9.0
# EXPECT: 6.0
def main():
    print(grad(lambda x: x * stop_gradient(x))(3.0))
    print(grad(lambda x: stop_gradient(x * x))(3.0))
    print(jvp(lambda x: x * stop_gradient(x), (3.0,), (1.0,)))
    print(stop_gradient(9.0))
    # Only the unstopped path counts: d/dx (x^2 + stop(x^2)) = 2x.
    print(grad(lambda x: x * x + stop_gradient(x * x))(3.0))
