# Pins: LANGUAGE.md §6: nested derivatives never confuse perturbations. The inner gradient
# is 1.0 whatever x is, so confusion(x) = x and its gradient is 1.0.
# RUN: eval grad(confusion)(3.0)
# EXPECT: 1.0
def confusion(x):
    inner = grad(lambda y: x + y)(1.0)
    return x * inner
