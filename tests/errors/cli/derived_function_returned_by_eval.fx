# Pins: `fluxion eval` of an expression whose value is a derived function is a located compile
# error (the expanded program would return its env), not the env's tuple printed as its value.
# RUN: args eval {file} grad(square)
# EXIT: 1
# STDERR-RE: <expr>:1:\d+: error: cannot expand this derivative ahead of time: a derived function returned as a value
def square(x):
    return x * x
