# Pins: grad_hook(x, h) is the identity forward; in reverse mode the cotangent g flowing into
# x becomes h(g). Gradient clipping with min(g, 1.0). The hook sees the total cotangent of
# the hooked value (2y = 4 in square_of_hooked), not one term per use.
# spec-silent: §6 says "the cotangent g flowing into x"; taken as the total (summed) cotangent
# of the hooked value, as a PyTorch tensor hook receives it.
# EXPECT: 1.0
# EXPECT: 1.0
# EXPECT: 0.5
# EXPECT: 2.0
# EXPECT: 6.0
def clip(g):
    return min(g, 1.0)

def square_of_hooked(x):
    y = grad_hook(x, clip)
    return y * y

def main():
    print(grad(lambda x: 3.0 * grad_hook(x, lambda g: min(g, 1.0)))(2.0))
    print(grad(square_of_hooked)(2.0))
    print(grad(lambda x: 0.5 * grad_hook(x, clip))(2.0))
    # The unhooked use of x is not clipped: 1 + min(3, 1).
    print(grad(lambda x: x + 3.0 * grad_hook(x, clip))(2.0))
    print(grad_hook(6.0, clip))
