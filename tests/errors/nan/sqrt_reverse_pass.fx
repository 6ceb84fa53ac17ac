# Pins: under --check-nan, an infinite derivative made in the reverse pass of grad (the
# derivative of sqrt at 0: 0.5 / sqrt(0)) is reported at the sqrt whose rule made it
# (--grad-mode=reverse: by default this gradient of one f64 runs in forward mode,
# tests/errors/nan/sqrt_forward_grad.fx).
# RUN: run --check-nan --grad-mode=reverse
# EXIT: 2
# STDERR: {file}:9:16: error: check-nan: div produced inf (operands: 0.5, 0.0) in the reverse pass of grad
def norm(x):
    return sqrt(x * x)

def main():
    print(norm(0.0))
    print(grad(norm)(0.0))
