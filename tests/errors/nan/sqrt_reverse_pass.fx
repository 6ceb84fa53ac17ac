# Pins: under --check-nan, an infinite derivative made in the reverse pass of grad (the
# derivative of sqrt at 0: 0.5 / sqrt(0)) is reported at the sqrt whose rule made it.
# RUN: run --check-nan
# EXIT: 2
# STDERR: {file}:7:16: error: check-nan: div produced inf (operands: 0.5, 0.0) in the reverse pass of grad
def norm(x):
    return sqrt(x * x)

def main():
    print(norm(0.0))
    print(grad(norm)(0.0))
