# Pins: a shape error in the primal of a gradient is reported although nothing the gradient
# returns reads the value: the optimiser may drop unused derivative code (what the rules build,
# whose shapes agree once the primal ran: ir::Node::follows_primal), never the user's own
# operations, which the gradient's forward pass still runs. Natively and in the interpreter.
# EXIT: 2
# STDERR: {file}:11:17: error: cannot broadcast shapes (2,) and (3,)
def loss(w, x):
    # z does not depend on w: the derivative reads nothing of it, and the loss's value, which
    # does, is not what grad returns.
    s = sum(softplus(w) * w)
    z = x * 2.0 + [1.0, 2.0, 3.0]
    return s + mean(z)

def main():
    print(grad(loss, argnums=0)([1.0, 2.0, 3.0], [1.0, 2.0]))
