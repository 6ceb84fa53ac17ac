# The gradient descent GD that particle and saddle share (GRADBENCH.md §2.11): from x0, step
# against the gradient df with a step size that doubles after 10 successful steps and halves
# after a failed one, until the gradient or the step is below 1e-5. x is a vector.
def gd(f, df, x0):
    x = x0
    fx = f(x)
    g = df(x)
    i = 0
    eta = 1e-5
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
