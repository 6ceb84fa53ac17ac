# GradBench's saddle pattern natively: the gradient of a descent (a while loop whose body
# branches) through an inner descent that takes gradients of a closure in its loop, each by
# forward or reverse mode as a flag says. The backward pass starts a tensor cotangent from
# zero at every iteration and carries it on; native code writes that zero out densely, as JAX
# and PyTorch do (the interpreter keeps it sparse), and runs it. (This program pinned the back
# end's refusal of such zeros until 2026-11-27; GradBench's `saddle` eval runs natively since.)
# f couples p1 and p2 so that the inner maximum depends on p1: M's gradient at p1 = (0.4, 0.2)
# is 17/8 p1 = (0.85, 0.425), up to the descents' tolerance, in all four mixes of the modes.
# native/differential runs the program in the interpreter too.
# RUN: run --native
# EXPECT: [8.15391634594208e-06, -4.07695817297104e-06, 7.232473467298612e-06, -3.616236733649306e-06]
# EXPECT: [8.15391634594208e-06, -4.07695817297104e-06, 7.232473467298612e-06, -3.616236733649306e-06]
# EXPECT: [8.15391634594208e-06, -4.07695817297104e-06, 7.232473467298612e-06, -3.616236733649306e-06]
# EXPECT: [8.15391634594208e-06, -4.07695817297104e-06, 7.232473467298612e-06, -3.616236733649306e-06]
# EXPECT: [0.8500000000121399, 0.4249999999925812] True
# EXPECT: [0.8500000000121399, 0.4249999999925812] True
# EXPECT: [0.85000000001214, 0.42499999999258115] True
# EXPECT: [0.85000000001214, 0.42499999999258115] True
def gd(f, df, x0, eta0):
    x = x0
    fx = f(x)
    g = df(x)
    i = 0
    eta = eta0
    done = False
    while not done:
        if norm(g) <= 1e-5:
            done = True
        elif i == 10:
            eta = 2.0 * eta
            i = 0
        else:
            x_next = x - eta * g
            if norm(x - x_next) <= 1e-5:
                done = True
            else:
                f_next = f(x_next)
                if f_next < fx:
                    x = x_next
                    fx = f_next
                    g = df(x)
                    i += 1
                else:
                    eta = eta / 2.0
                    i = 0
    return x

# GradBench's f plus a coupling term, so that the inner maximum depends on p1:
# argmax over p2 is p1 / 4 and M(p1) = 17/16 |p1|^2, whose gradient is 17/8 p1.
def saddle_f(p1, p2):
    return sum(p1 ** 2) - sum(p2 ** 2) + 0.5 * sum(p1 * p2)

def saddle_mode_gradient(f, x, forward: bool):
    if forward:
        return jacfwd(f)(x)
    return grad(f)(x)

def saddle_inner_max(p1, start, inner_forward: bool):
    neg = lambda p2: -saddle_f(p1, p2)
    return gd(neg, lambda p2: saddle_mode_gradient(neg, p2, inner_forward), start, 0.1)

def saddle_point(start, outer_forward: bool, inner_forward: bool):
    m = lambda p1: saddle_f(p1, saddle_inner_max(p1, start, inner_forward))
    p1 = gd(m, lambda v: saddle_mode_gradient(m, v, outer_forward), start, 0.1)
    return concat((p1, saddle_inner_max(p1, start, inner_forward)))

def main():
    start = [1.0, -0.5]
    for mode in range(4):
        print(saddle_point(start, mode < 2, mode % 2 == 0))
    p1 = [0.4, 0.2]
    for mode in range(4):
        m = lambda p: saddle_f(p, saddle_inner_max(p, start, mode % 2 == 0))
        g = saddle_mode_gradient(m, p1, mode < 2)
        print(g, norm(g - 2.125 * p1) < 1e-4)
