# Pins: a parameter or variable declared Tensor[f64, 2] accepts a tensor of unknown rank (load)
# and checks its rank at run time: the value then has rank 2 for the type checker (.shape, and
# a second annotation, work), and derivatives pass through the check. (The gradient: NumPy
# np.outer(m @ x, x).)
# EXPECT: (2, 3) 1.5
# EXPECT: [[-3.0625, -6.125, 9.1875], [5.25, 10.5, -15.75]]
# EXPECT: [[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
# EXPECT: 2 3

def first(m: Tensor[f64, 2]) -> f64:
    return m[0, 0]

def loss(w: Tensor[f64, 2], x: Tensor[f64, 1]) -> f64:
    return 0.5 * sum((w @ x) ** 2)

def main():
    m: Tensor[f64, 2] = load("lang/tensors/data/m23.npy")
    print(m.shape, first(load("lang/tensors/data/m23.npy")))
    print(grad(loss)(load("lang/tensors/data/m23.npy"), [0.5, 1.0, -1.5]))
    print(grad(first)(m))
    print(len(m), m.shape[1])
