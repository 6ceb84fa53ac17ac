# Pins: stdlib tree_zeros_like and clip_grads keep the structure (nested tuples, a struct with an
# i64 field that they leave alone).
# EXPECT: (([0.0, 0.0], 0.0), Scale(k=[[0.0]], n=3))
# EXPECT: (([5.0, -5.0], 0.5), Scale(k=[[-1.0]], n=3))
import "optim.fx"

struct Scale:
    k: Tensor[f64, 2]
    n: i64

def main():
    t = (([7.0, -9.0], 0.5), Scale(k=[[-1.0]], n=3))
    print(tree_zeros_like(t))
    print(clip_grads(t, 5.0))
