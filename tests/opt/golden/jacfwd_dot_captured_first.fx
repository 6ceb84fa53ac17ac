# jacfwd_dot_captured.fx with the captured vector the product's first operand:
# jacfwd(lambda v: micro_dot(w, v)). In the checked copy of the versioned direction loop the
# body's tangent is zeros_like(w) * v + w * one_hot(k, len(x)): the first product is the zero,
# which the sum then has on its left. That zero and w are env elements of the copy, read from one
# vector where the copy's closure is made (w and zeros_like(w)): they have one length
# (loop_env.cpp, same_vector_on_entry), so zero + w * one_hot is w * one_hot + 0.0, its sum
# w[k] + 0.0 and the row loop w + 0.0: no loop in the checked copy.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: loop.fast
# IR-NOT: while|one_hot|rows_append|call|make_closure
# IR-HAS: = add\(%[^,]+, 0\.0\) : Tensor\[f64, 1\]
# EXPECT: [1.0, 0.9736663950053749, 0.8960524975255252, 0.7712460149971065]
# EXPECT: [1.0, 0.9736663950053749, 0.8960524975255252, 0.7712460149971065]
def micro_dot(v1, v2):
    return sum(v1 * v2)

def main():
    n = int(arg(0, 4))
    v1 = sin(0.37 * arange(n))
    w = cos(0.23 * arange(n))
    f = lambda v: micro_dot(w, v)
    print(jacfwd(f)(v1))
    print(jacrev(f)(v1))
