# Pins: `fluxion emit-c` of a program with a construct the C back end does not support yet:
# the same located compile error as `run --native`.
# RUN: args emit-c {file} --fn main
# EXIT: 1
# STDERR: {file}:16:1: error: the native back end does not support a function value that may run one of several clones
def clip_fwd(x):
    return (x, ())

def clip_bwd(res, g):
    return (max(min(g, 1.0), -1.0),)

@custom_vjp(clip_fwd, clip_bwd)
def clip_gradient(x):
    return x

def main():
    print(grad(lambda x: 5.0 * clip_gradient(x))(2.0))
