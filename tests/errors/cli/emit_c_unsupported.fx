# Pins: `fluxion emit-c` of a program with a construct the C back end does not support yet
# (the third derivative of a recursion in reverse mode): the same located compile error as
# `run --native`.
# RUN: args emit-c {file} --fn main --grad-mode=reverse
# EXIT: 1
# STDERR: {file}:8:12: error: the native back end does not support an element of one of several tuples whose types differ ((f64, i64) and f64) yet (run it with --interp)
def power(x, n):
    return 1.0 if n == 0 else x * power(x, n - 1)

def main():
    print(grad(grad(grad(lambda x: power(x, 3))))(2.0))
