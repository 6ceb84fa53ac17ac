# Pins: `--native` on a program with a construct the C back end does not support yet (here the
# gradient of a checkpointed closure, whose derivative calls a function value that may run
# one of several clones)
# stops before running, with a located compile error that names the construct
# (docs/codegen.md "Native or interpreted"). Without --native the program runs in the
# interpreter; `emit-c` reports the same error.
# RUN: run --native
# EXIT: 1
# STDERR: {file}:10:1: error: the native back end does not support a function value that may run one of several clones
def main():
    print("never printed")
    k = 3.0
    print(grad(checkpoint(lambda x: k * x * x))(1.0))
