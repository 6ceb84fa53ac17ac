# Pins: `--native` on a program with a construct the C back end does not support yet (here a
# derivative operator) stops before running, with a located compile error that names the
# construct (docs/codegen.md "Native or interpreted"). Without --native the program runs in
# the interpreter; `emit-c` reports the same error.
# RUN: run --native
# EXIT: 1
# STDERR: {file}:10:15: error: the native back end does not support derivatives
def main():
    print("never printed")
    print(grad(lambda x: x * x)(3.0))
