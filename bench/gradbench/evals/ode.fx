# GradBench's `ode` (GRADBENCH.md §2.7): s classical Runge-Kutta steps of the chain ODE
# y0' = x0, yi' = xi y(i-1) on [0, 2] from y = 0, and the gradient of the last component of the
# solution with respect to x by reverse mode through the steps.
import "protocol.fx"
import "../../lib/files.fx"

def ode_rate(x, y):
    return concat((x[0:1], x[1:] * y[:-1]))

def ode_solve(x, steps: i64):
    h = 2.0 / steps
    y = zeros(len(x))
    for step in range(steps):
        k1 = ode_rate(x, y)
        k2 = ode_rate(x, y + 0.5 * h * k1)
        k3 = ode_rate(x, y + 0.5 * h * k2)
        k4 = ode_rate(x, y + h * k3)
        y = y + h * (k1 + 2.0 * k2 + 2.0 * k3 + k4) / 6.0
    return y

def ode_last_gradient(x, steps: i64):
    return grad(lambda v: ode_solve(v, steps)[-1])(x)

def main():
    dir = input_dir()
    function = function_name()
    x = load_vector(dir, "x")
    steps = load_count(dir, "s")
    if function == "primal":
        save_tensor(evaluate(lambda: ode_solve(x, steps)))
    else:
        save_tensor(evaluate(lambda: ode_last_gradient(x, steps)))
