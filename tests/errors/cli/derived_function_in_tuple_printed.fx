# Pins: a derived function inside a tuple that is printed is refused like a bare one: the
# expanded program's tuple would print the derived function's env instead.
# RUN: args run --interp {file}
# EXIT: 1
# STDERR-RE: derived_function_in_tuple_printed\.fx:8:\d+: error: cannot expand this derivative ahead of time: a derived function used as a value
def main():
    pair = (grad(cos), 1.0)
    print(pair)
