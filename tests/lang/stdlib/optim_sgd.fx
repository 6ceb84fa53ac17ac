# Pins: stdlib sgd on a struct (tensor, f64 and i64 fields: the i64 leaf is kept as it is), on a
# tuple, and on a struct nested in a tuple with a rank-2 tensor.
# EXPECT: Layer(w=[0.95, 2.1], b=0.3, width=2)
# EXPECT: ([-4.0], 2.5)
# EXPECT: (Layer(w=[0.875, 2.25], b=0.0, width=2), ([[0.5, 1.0]], 0.75))
import "optim.fx"

struct Layer:
    w: Tensor[f64]
    b: f64
    width: i64

def main():
    p = Layer(w=[1.0, 2.0], b=0.5, width=2)
    g = Layer(w=[0.5, -1.0], b=2.0, width=0)
    print(sgd(p, g, 0.1))
    print(sgd(([1.0], 3.0), ([10.0], 1.0), 0.5))
    print(sgd((p, ([[1.0, 2.0]], 1.0)), (g, ([[2.0, 4.0]], 1.0)), 0.25))
