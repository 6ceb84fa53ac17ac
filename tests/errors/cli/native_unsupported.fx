# Pins: `--native` on a program with a construct the C back end does not support yet (here the
# derivative of a recursive function, whose pullback holds the pullback of its own call)
# stops before running, with a located compile error that names the construct
# (docs/codegen.md "Native or interpreted"). Without --native the program runs in the
# interpreter; `emit-c` reports the same error.
# RUN: run --native
# EXIT: 1
# STDERR: {file}:14:1: error: the native back end does not support derivative code whose types do not settle
def power(x, n):
    if n == 0:
        return 1.0
    return x * power(x, n - 1)

def main():
    print("never printed")
    print(grad(power)(2.0, 3))
