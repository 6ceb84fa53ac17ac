# Pins: `fluxion emit-c` of a program with a construct the C back end does not support yet:
# the same located compile error as `run --native`.
# RUN: args emit-c {file} --fn main
# EXIT: 1
# STDERR: {file}:6:1: error: the native back end does not support a function value that may run one of several clones
def main():
    k = 3.0
    print(grad(checkpoint(lambda x: k * x * x))(1.0))
