# Pins: `--native` on a program with a construct the C back end does not support yet (here a
# custom_vjp rule: the derivative calls a function value that may run one of several clones)
# stops before running, with a located compile error that names the construct
# (docs/codegen.md "Native or interpreted"). Without --native the program runs in the
# interpreter; `emit-c` reports the same error.
# RUN: run --native
# EXIT: 1
# STDERR: {file}:19:1: error: the native back end does not support a function value that may run one of several clones
def clip_fwd(x):
    return (x, ())

def clip_bwd(res, g):
    return (max(min(g, 1.0), -1.0),)

@custom_vjp(clip_fwd, clip_bwd)
def clip_gradient(x):
    return x

def main():
    print("never printed")
    print(grad(lambda x: 5.0 * clip_gradient(x))(2.0))
