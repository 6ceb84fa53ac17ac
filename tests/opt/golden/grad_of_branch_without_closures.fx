# The pullback of an `if` without closures (docs/opt.md "Branch closures"): each branch of f's
# `if` returns the pullback of its own code, so the `if` returns one of two closures and the
# backward pass dispatches on which one it is (closure_is, docs/ad.md §10). branch-closures
# makes the branches graphs nested in the gradient's code and the pullback the tuple (tag, env
# of the then-branch's pullback, env of the else-branch's): the dispatch tests the tag, each
# case reads its own slot, and no closure is made, compared or opened.
# Reverse mode named: by default this gradient of one f64 runs in forward mode (docs/opt.md
# "Forward mode for one number"; grad_one_number_forward_mode.fx).
# FLAGS: --grad-mode=reverse
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: grad
# IR-NOT: make_closure|closure_is|closure_env|call %
# IR-COUNT: 2 = if\(
# IR-COUNT: 1 = eq\(%\d+, 0\)
# EXPECT: 6.0
# EXPECT: -1.0
# EXPECT: 1.0
# EXPECT: 2.0
# EXPECT: 3.0
def f(x):
    return x * x if x > 0.0 else -x

def g(x):
    if x > 1.0:
        return x
    elif x > 0.0:
        return 2.0 * x
    return 3.0 * x

def main():
    print(grad(f)(3.0))
    print(grad(f)(-2.0))
    print(grad(g)(5.0))
    print(grad(g)(0.5))
    print(grad(g)(-0.5))
