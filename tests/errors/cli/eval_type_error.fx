# Pins: a type error in the EXPR of `fluxion eval` is a compile error (exit 1) saying what
# was found.
# RUN: eval helper(1.0) + True
# EXIT: 1
# STDERR-RE: error: .*bool
def helper(x):
    return x + 1
