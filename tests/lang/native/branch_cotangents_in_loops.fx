# Loops whose backward pass starts a tensor cotangent from zero in a branch of the body, run
# natively with what each iteration touches: x[i] read inside a branch (the branch's copy adds
# at xs[t] into the loop's accumulator, the other branch adds nothing: opt/recursive_accumulators.cpp,
# tests/opt/golden/branch_cotangent_in_loop.fx), read twice there, read under nested branches,
# and a gradient taken inside a while loop whose body branches (GradBench's particle: the inner
# backward pass starts at the outer one's accumulator, the branch's zeros are the cotangents of
# the loop's own small state). native/differential runs the program in the interpreter too.
# `--opt=1` (the default) is named because the rewrite is the optimiser's: with `--opt=0` these
# loops run in the interpreter. `--grad-mode=reverse`: grad(miss) of one f64 would otherwise run
# in forward mode (docs/opt.md "Forward mode for one number"), which has no outer backward pass.
# RUN: run --native --opt=1 --grad-mode=reverse
# EXPECT: [0.0, 0.5, 0.0, 1.0]
# EXPECT: [1.0, 0.0, 1.4, 0.0, 1.8]
# EXPECT: [0.0, 2.0, 1.0, 0.0, 2.0, 1.0]
# EXPECT: -19.404636450028196
def branchy(w, xs):
    h = 0.0
    for t in range(len(xs)):
        if t % 2 == 0:
            h = h * w
        else:
            h = h + xs[t]
    return h

# Even positions, read twice in the else branch.
def evens(xs):
    s = 0.0
    for t in range(len(xs)):
        if t % 2 == 1:
            s = s * 1.0
        else:
            s = s + xs[t]
            s = s + xs[t] * float(t) / float(len(xs))
    return s

# Three cases by nested branches: x[t] read once, twice, or not at all.
def nested(xs):
    s = 0.0
    for t in range(len(xs)):
        if t % 3 == 0:
            s = s + 0.0
        else:
            if t % 3 == 1:
                s = s + 2.0 * xs[t]
            else:
                s = s + xs[t]
    return s

def potential(x, w):
    return 1.0 / sqrt((x[0] - 10.0) ** 2 + (x[1] - (10.0 - w)) ** 2) + 1.0 / sqrt((x[0] - 10.0) ** 2 + x[1] ** 2)

# GradBench's particle: integrated until it crosses the x-axis, accelerated by a gradient.
def miss(w):
    x = [0.0, 8.0]
    velocity = [0.75, 0.0]
    crossed = False
    result = 0.0
    while not crossed:
        acceleration = -grad(lambda y: potential(y, w))(x)
        x = x + 0.1 * velocity
        if x[1] <= 0.0:
            x_final = x - x[1] / velocity[1] * velocity
            result = x_final[0] ** 2
            crossed = True
        else:
            velocity = velocity + 0.1 * acceleration
    return result

def main():
    print(grad(branchy, 1)(0.5, [1.0, 2.0, 3.0, 4.0]))
    print(grad(evens)([1.0, 2.0, 3.0, 4.0, 5.0]))
    print(grad(nested)([1.0, 1.0, 1.0, 1.0, 1.0, 1.0]))
    print(grad(miss)(0.0))
