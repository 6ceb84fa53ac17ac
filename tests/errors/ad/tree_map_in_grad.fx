# Pins: tree_map has no derivative rules yet; differentiating through it is a located
# run-time error, never a wrong (zero) derivative.
# EXIT: 2
# STDERR: {file}:6:20: error: cannot differentiate 'tree_map': the primitive has no reverse-mode (VJP) derivative rule
def scaled(p, k):
    return tree_map(lambda x: k * x, p)

def loss(k):
    a, b = scaled((1.0, [2.0, 3.0]), k)
    return a + sum(b)

def main():
    print(grad(loss)(2.0))
