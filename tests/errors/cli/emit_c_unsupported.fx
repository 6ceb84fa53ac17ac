# Pins: `fluxion emit-c` of a program with a construct the C back end does not support yet:
# the same located compile error as `run --native`.
# RUN: args emit-c {file} --fn main
# EXIT: 1
# STDERR: {file}:6:1: error: the native back end does not support a recursion whose closures hold values of different types
def main():
    print(grad(grad(grad(grad(sin))))(1.0))
