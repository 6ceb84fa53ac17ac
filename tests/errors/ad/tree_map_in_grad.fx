# Pins: tree_map whose f is not a function of the program at the call (here a builtin held in a
# variable, or a derived function) stays a primitive without derivative rules: differentiating
# through it is a located run-time error, never a wrong (zero) derivative. (A lambda, a def or a
# builtin named at the call is written out and differentiable: tests/lang/ad/structs/tree_map_grad.fx.)
# EXIT: 2
# EXPECT: 1.8918884196934453
# STDERR: {file}:11:20: error: cannot differentiate 'tree_map': the primitive has no derivative rule

def loss(k):
    f = sin
    a, b = tree_map(f, (k, [2.0 * k, 3.0]))
    return a + sum(b)

def main():
    print(loss(1.0))
    print(grad(loss)(2.0))
