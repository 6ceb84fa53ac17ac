# Pins: @ with a rank-0 operand (a .npy scalar, whose rank is not known at compile time) is a run-
# time error at the `@`.
# EXIT: 2
# STDERR: {file}:7:13: error: matmul: operands must have at least one dimension, got shapes () and (2,)
def main():
    s = load("errors/tensors/runtime/data/scalar.npy")
    print(s @ [1.0, 2.0])
