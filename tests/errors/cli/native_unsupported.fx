# Pins: `--native` on a program with a construct the C back end does not support yet (here the
# fourth derivative of sin, whose expansion nests closures of different types in one recursion)
# stops before running, with a located compile error that names the construct
# (docs/codegen.md "Native or interpreted"). Without --native the program runs in the
# interpreter; `emit-c` reports the same error.
# RUN: run --native
# EXIT: 1
# STDERR: {file}:9:1: error: the native back end does not support a recursion whose closures hold values of different types
def main():
    print("never printed")
    print(grad(grad(grad(grad(sin))))(1.0))
