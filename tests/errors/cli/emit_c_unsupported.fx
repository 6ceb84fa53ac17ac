# Pins: `fluxion emit-c` of a program with a construct the C back end does not support yet:
# the same located compile error as `run --native`.
# RUN: args emit-c {file} --fn main
# EXIT: 1
# STDERR: error: the native back end does not support derivatives
def main():
    print(grad(lambda x: x * x)(3.0))
