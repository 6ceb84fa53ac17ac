# Pins: `fluxion emit-c` of a program with a construct the C back end does not support yet:
# the same located compile error as `run --native`.
# RUN: args emit-c {file} --fn main
# EXIT: 1
# STDERR: {file}:9:19: error: the native back end does not support tree_map with a function that neither the specialiser nor the emitter writes out (tree_map)
def main():
    k = 2.0
    h = exp if k > 1.0 else log
    print(tree_map(h, (1.0, (2.0, 3.0))))
