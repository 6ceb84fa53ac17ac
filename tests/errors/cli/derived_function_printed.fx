# Pins: a derived function used as a value other than by calling it, here printed, has no
# static form (docs/ad.md §10: the expanded program represents it by its env), so `run` is a
# compile error located at the construct, naming it, and nothing runs.
# RUN: args run {file}
# EXIT: 1
# STDERR-RE: derived_function_printed\.fx:10:\d+: error: cannot expand this derivative ahead of time: a derived function used as a value
def main():
    print("not printed")
    g = grad(sin)
    print(g)
