# Pins: `--native` on a program with a construct the C back end does not support yet (here
# `tree_map` whose function is one of two primitives, chosen at run time: neither the
# specialiser nor the emitter writes it out) stops before running, with a located compile error
# that names the construct (docs/codegen.md "Native or interpreted"). Without --native the
# program runs in the interpreter; `emit-c` reports the same error.
# RUN: run --native
# EXIT: 1
# STDERR: {file}:13:19: error: the native back end does not support tree_map with a function that neither the specialiser nor the emitter writes out (tree_map)
def main():
    print("never printed")
    k = 2.0
    h = exp if k > 1.0 else log
    print(tree_map(h, (1.0, (2.0, 3.0))))
