# GradBench's `particle` (GRADBENCH.md §2.11): the charge offset w that makes a particle,
# accelerated by the gradient of a potential (the inner derivative, at every time step), cross
# the x-axis at x = 0; found by gradient descent with dE/dw by AD through the whole trajectory
# (the outer derivative). The function's name gives the modes: outer then inner, f(orward) or
# r(everse).
import "protocol.fx"
import "../../lib/files.fx"
import "descent.fx"

def particle_potential(x, w):
    return 1.0 / sqrt((x[0] - 10.0) ** 2 + (x[1] - (10.0 - w)) ** 2) + 1.0 / sqrt((x[0] - 10.0) ** 2 + x[1] ** 2)

def particle_potential_gradient(x, w, inner_forward: bool):
    p = lambda y: particle_potential(y, w)
    if inner_forward:
        return jacfwd(p)(x)
    return grad(p)(x)

# E(w): integrate from (0, 8) at velocity (0.75, 0) with dt = 0.1 until the particle crosses
# the x-axis; the square of where it crosses.
def particle_miss(w, inner_forward: bool):
    x = [0.0, 8.0]
    velocity = [0.75, 0.0]
    dt = 0.1
    crossed = False
    miss = 0.0
    while not crossed:
        acceleration = -particle_potential_gradient(x, w, inner_forward)
        x = x + dt * velocity
        if x[1] <= 0.0:
            x_final = x - x[1] / velocity[1] * velocity
            miss = x_final[0] ** 2
            crossed = True
        else:
            velocity = velocity + dt * acceleration
    return miss

def particle_miss_derivative(w, outer_forward: bool, inner_forward: bool):
    e = lambda v: particle_miss(v, inner_forward)
    if outer_forward:
        return derivative(e)(w)
    # vjp, not grad: grad of one f64 runs in forward mode (docs/opt.md "Forward mode for one
    # number"), and this mode is reverse by name.
    y, pullback = vjp(e, w)
    return pullback(1.0)[0]

def particle_optimum(w0, outer_forward: bool, inner_forward: bool):
    e = lambda v: particle_miss(v[0], inner_forward)
    de = lambda v: [particle_miss_derivative(v[0], outer_forward, inner_forward)]
    return gd(e, de, [w0])[0]

def main():
    dir = input_dir()
    function = function_name()
    w = load_number(dir, "w")
    outer_forward = function == "ff" or function == "fr"
    inner_forward = function == "ff" or function == "rf"
    save_number(evaluate(lambda: particle_optimum(w, outer_forward, inner_forward)))
