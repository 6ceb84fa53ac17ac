# The gradient of a two-layer perceptron with respect to its struct of weights (the MLP of
# BENCHMARKS.md §A). Reverse mode builds it as the struct's zero (a cleared tensor per weight)
# with each field's cotangent set in its place: opt/rebuilt_structs.cpp makes that the struct of
# the cotangents, and DCE drops the zero. The cotangent of the input batch x, a matrix product
# whose cotangent is unbroadcast to the product's own shape (opt/known_shapes.cpp: it cannot
# fail), is read by nobody and goes too: one matmul_vjp_a is left, for the hidden layer.
# GOLDEN-FN: main
# STAGE: native
# The gradient is inlined into main once it is plain code (inline_calls.cpp), so main is checked.
# GOLDEN-GRAPH: main
# IR-NOT: zeros_like\(%p\.
# IR-NOT: set_attr
# IR-HAS: ^  %(\d+) = make_struct\(struct Mlp, %\d+, %\d+, %\d+, %\d+\) : Mlp  # [\d:]+\n  %\d+ = print\(%\1\)
# IR-COUNT: 1 = matmul_vjp_a\(
# IR-COUNT: 2 = matmul_vjp_b\(
# EXPECT: 0.0368922841488559
# EXPECT: Mlp(w1=[[0.027165041898731077, 0.05433008379746215], [-0.09055013966243672, -0.18110027932487344]], b1=[0.027165041898731077, -0.09055013966243672], w2=[[0.004527506983121843, 0.04527506983121843], [-0.0045275069831218345, -0.045275069831218345]], b2=[0.036220055864974746, -0.036220055864974676])
struct Mlp:
    w1: Tensor[f64, 2]
    b1: Tensor[f64, 1]
    w2: Tensor[f64, 2]
    b2: Tensor[f64, 1]

def loss(p, x, labels):
    h = relu(x @ transpose(p.w1) + p.b1)
    logits = h @ transpose(p.w2) + p.b2
    return -mean(sum(log_softmax(logits) * labels, axis=1))

def main():
    p = Mlp(w1=[[0.5, -0.25], [0.75, 0.5]], b1=[0.125, -0.5], w2=[[1.0, -0.5], [0.25, 2.0]], b2=[0.0, 0.25])
    x = [[1.0, 2.0]]
    labels = [[0.0, 1.0]]
    print(loss(p, x, labels))
    print(grad(loss)(p, x, labels))
