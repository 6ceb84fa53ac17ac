# The zero and sum of a loop's tape: a derivative of a derivative through a loop takes the
# zero of the inner backward pass's list of pullbacks (or of residuals), a third derivative
# adds two such lists, which native code builds as the interpreter does, element by element
# (src/codegen/prims_ad.cpp); a pullback there that is one of several functions, or a
# recursive closure, has the plain zero of its tensor-free tangent. The values are the
# interpreter's (native/differential runs the program both ways) and agree with central
# differences of the lower derivatives (-2.887381749, 4.845803293; 251.14112, 16.513221).
# `--grad-mode=reverse`: these gradients of one f64 would otherwise run in forward mode
# (docs/opt.md "Forward mode for one number"), which keeps no tape.
# RUN: run --native --grad-mode=reverse
# EXPECT: -2.88738174864213
# EXPECT: 4.845803293014049
# EXPECT: 4130.706609109017
# EXPECT: 4.845803293014049
# EXPECT: 4.845803293014049
# EXPECT: 251.140991971782
# EXPECT: 16.5132206788497
def power_until(x):
    y = x
    while y < 10.0:
        y = y * x + 0.5 * sin(y)
    return y

def twice(x):
    p = 1.0
    for i in range(3):
        p = p * x + cos(p)
    return p * p

def main():
    print(grad(grad(power_until))(2.0))
    print(grad(grad(twice))(0.7))
    print(grad(lambda x: grad(twice)(x) * grad(power_until)(x))(1.5))
    print(derivative(grad(twice))(0.7))
    print(grad(derivative(twice))(0.7))
    print(grad(grad(grad(power_until)))(2.0))
    print(grad(grad(grad(twice)))(0.7))
