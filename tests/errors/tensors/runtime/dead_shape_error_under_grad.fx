# Pins: a shape error in a value the differentiated function computes and never reads is
# reported, as when the function is called: the reverse transform prunes unused code it built
# (what follows the primal, closures, tuples), not copies of the user's own operations (the
# optimiser drops those only where it shows they cannot fail). Natively, in the interpreter,
# and with --opt=0.
# EXIT: 2
# STDERR: {file}:10:25: error: cannot broadcast shapes (2,) and (3,)
def loss(w, y):
    z = w * 2.0
    u = softplus(z) - y * z
    return sum(w * w)

def main():
    print(grad(loss)([1.0, 2.0, 3.0], [1.0, 2.0]))
