# Pins: `fluxion emit-c` of a program with a construct the C back end does not support yet:
# the same located compile error as `run --native`.
# RUN: args emit-c {file} --fn main
# EXIT: 1
# STDERR: error: the native back end does not support derivative code whose types do not settle
def power(x, n):
    if n == 0:
        return 1.0
    return x * power(x, n - 1)

def main():
    print(grad(power)(2.0, 3))
