# Pins: `--native` on a program with a construct the C back end does not support yet (here
# the third derivative of a recursion in reverse mode: its derivative code holds tuples of
# different types in one place) stops before running, with a located compile error that names
# the construct (docs/codegen.md "Native or interpreted"). Without --native the program runs in
# the interpreter; `emit-c` reports the same error. (`--grad-mode=reverse`: by default these
# gradients of a function of one f64 run in forward mode, which the back end supports.)
# RUN: run --native --grad-mode=reverse
# EXIT: 1
# STDERR: {file}:11:12: error: the native back end does not support an element of one of several tuples whose types differ ((f64, i64) and f64) yet (run it with --interp)
def power(x, n):
    return 1.0 if n == 0 else x * power(x, n - 1)

def main():
    print("never printed")
    print(grad(grad(grad(lambda x: power(x, 3))))(2.0))
