# Optimisers over any parameter "tree": a tensor, an f64, or a tuple or struct of them, nested
# to any depth (the structure `grad` returns for the same parameters).
#
#   params = sgd(params, grads, lr)
#   params, velocity = momentum(params, grads, velocity, lr, beta=0.9)  # velocity = momentum_init(params)
#   params, cache = adagrad(params, grads, cache, lr=0.01, eps=1e-10)   # cache = adagrad_init(params)
#   params, state = adam(params, grads, state, lr=0.001, ...)           # state = adam_init(params)
#
# Each update is written once, per leaf, and applied to every leaf by the builtin
# `tree_map(f, x, y...)`: it calls f on corresponding tensor and float leaves of x, y, ...
# (which must have x's structure) and rebuilds x's structure from the results; integer,
# boolean and string leaves of x are kept as they are. Fluxion has no reflection, so a
# generic traversal of user structs cannot be written in Fluxion itself. The steps are
# differentiable (tree_map with a lambda is written out before AD): a learning rate can be
# learned through them.
#
# Optimiser states are tuples (not structs) because their leaves have the parameters' types,
# which a struct declaration could not name generically. Every function here is pure: it
# returns the new parameters and state.

# A tree of the same structure and types as `t`, with zeros at every tensor and float leaf.
def tree_zeros_like(t):
    return tree_map(zeros_like, t)

# Elementwise clipping of every leaf to [-limit, limit] (min-char-rnn clips gradients to 5).
def clip_grads(grads, limit):
    return tree_map(lambda g: clip(g, -limit, limit), grads)

# Plain gradient descent: p - lr * g.
def sgd(params, grads, lr):
    return tree_map(lambda p, g: p - lr * g, params, grads)

# Heavy-ball momentum as PyTorch's SGD(momentum=beta) (no dampening):
#   v = beta * v + g;  p = p - lr * v.
def momentum_init(params):
    return tree_zeros_like(params)

def momentum(params, grads, velocity, lr, beta=0.9):
    velocity = tree_map(lambda v, g: beta * v + g, velocity, grads)
    params = tree_map(lambda p, v: p - lr * v, params, velocity)
    return params, velocity

# Adagrad as PyTorch's (initial accumulator 0, no decay):
#   cache = cache + g * g;  p = p - lr * g / (sqrt(cache) + eps).
# Karpathy's min-char-rnn writes sqrt(cache + 1e-8); with eps = 1e-8 both agree to ~1e-4
# relative on the first step and closer afterwards.
def adagrad_init(params):
    return tree_zeros_like(params)

def adagrad(params, grads, cache, lr=0.01, eps=1e-10):
    cache = tree_map(lambda c, g: c + g * g, cache, grads)
    params = tree_map(lambda p, g, c: p - lr * g / (sqrt(c) + eps), params, grads, cache)
    return params, cache

# Adam (Kingma & Ba, with bias correction, as PyTorch's):
#   m = b1 m + (1 - b1) g;  v = b2 v + (1 - b2) g^2;  t = t + 1
#   p = p - lr * (m / (1 - b1^t)) / (sqrt(v / (1 - b2^t)) + eps)
# The state is (m, v, t) with t the number of steps taken so far (an i64).
def adam_init(params):
    return (tree_zeros_like(params), tree_zeros_like(params), 0)

def adam(params, grads, state, lr=0.001, b1=0.9, b2=0.999, eps=1e-8):
    m, v, t = state
    t = t + 1
    m = tree_map(lambda m_leaf, g: b1 * m_leaf + (1.0 - b1) * g, m, grads)
    v = tree_map(lambda v_leaf, g: b2 * v_leaf + (1.0 - b2) * g * g, v, grads)
    correction1 = 1.0 - b1 ** t
    correction2 = 1.0 - b2 ** t
    def step(p, m_leaf, v_leaf):
        return p - lr * (m_leaf / correction1) / (sqrt(v_leaf / correction2) + eps)
    params = tree_map(step, params, m, v)
    return params, (m, v, t)
