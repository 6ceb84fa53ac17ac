# Pins: tree_map with a builtin as f stays a primitive without derivative rules: differentiating
# through it is a located run-time error, never a wrong (zero) derivative. (With a lambda or a
# def, the specialiser writes it out and it is differentiable: tests/lang/ad/structs/tree_map_grad.fx.)
# EXIT: 2
# EXPECT: 1.8918884196934453
# STDERR: {file}:9:20: error: cannot differentiate 'tree_map': the primitive has no reverse-mode (VJP) derivative rule

def loss(k):
    a, b = tree_map(sin, (k, [2.0 * k, 3.0]))
    return a + sum(b)

def main():
    print(loss(1.0))
    print(grad(loss)(2.0))
