# Pins: under --check-nan, a non-finite tangent made by forward mode names jvp and the
# forward-mode derivative.
# RUN: run --check-nan
# EXIT: 2
# STDERR: {file}:7:22: error: check-nan: div produced inf (operands: 0.5, 0.0) in the forward-mode derivative of jvp
def f(x):
    return 2.0 * sqrt(x)

def main():
    print(jvp(f, (0.0,), (1.0,)))
