# The derivative of one of several primitives chosen at run time: the expansion dispatches on
# which primitive the function value is (closure_is of a primitive), which native code reads
# from the union's tag (src/codegen/emitter.cpp). Each choice gives its own derivative:
# cos(0.5), exp(0.5) and 1 - tanh(0.5)^2.
# RUN: run --native
# EXPECT: 0 0.8775825618903728
# EXPECT: 1 1.6487212707001282
# EXPECT: 2 0.7864477329659274
# EXPECT: 0.8775825618903728 1.6487212707001282 0.7864477329659274
def pick(i):
    fs = (sin, exp, tanh)
    if i == 0:
        return fs[0]
    elif i == 1:
        return fs[1]
    return fs[2]

def main():
    for i in range(3):
        print(i, grad(pick(i))(0.5))
    print(grad(pick(0))(0.5), grad(pick(1))(0.5), grad(pick(2))(0.5))
