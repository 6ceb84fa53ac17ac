# GradBench's `saddle` (GRADBENCH.md §2.12): the saddle point of f(p1, p2) = |p1|^2 - |p2|^2 by
# nested gradient descent: the outer descent on M(p1) = max over p2 of f, with dM/dp1 by AD
# through the inner descent and its own gradients (nested AD). The function's name gives the
# modes: outer then inner, f(orward) or r(everse).
import "protocol.fx"
import "../../lib/files.fx"
import "descent.fx"

def saddle_f(p1, p2):
    return sum(p1 ** 2) - sum(p2 ** 2)

def saddle_mode_gradient(f, x, forward: bool):
    if forward:
        return jacfwd(f)(x)
    return grad(f)(x)

# argmax over p2 of f(p1, p2), by descent on -f from `start`.
def saddle_inner_max(p1, start, inner_forward: bool):
    neg = lambda p2: -saddle_f(p1, p2)
    return gd(neg, lambda p2: saddle_mode_gradient(neg, p2, inner_forward), start)

def saddle_point(start, outer_forward: bool, inner_forward: bool):
    m = lambda p1: saddle_f(p1, saddle_inner_max(p1, start, inner_forward))
    p1 = gd(m, lambda v: saddle_mode_gradient(m, v, outer_forward), start)
    return concat((p1, saddle_inner_max(p1, start, inner_forward)))

def main():
    dir = input_dir()
    function = function_name()
    start = load_vector(dir, "start")
    outer_forward = function == "ff" or function == "fr"
    inner_forward = function == "ff" or function == "rf"
    save_tensor(evaluate(lambda: saddle_point(start, outer_forward, inner_forward)))
