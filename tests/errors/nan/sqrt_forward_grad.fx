# Pins: under --check-nan, an infinite derivative made by grad of a function of one f64, which
# runs in forward mode (docs/opt.md "Forward mode for one number"; the derivative of sqrt at 0:
# 0.5 / sqrt(0)), is reported at the sqrt whose rule made it, naming forward mode. (The
# default, named: with --opt=0 this gradient runs in reverse mode, sqrt_reverse_pass.fx.)
# RUN: run --check-nan --grad-mode=auto
# EXIT: 2
# EXPECT: 0.0
# STDERR: {file}:10:16: error: check-nan: div produced inf (operands: 0.5, 0.0) in the forward-mode derivative of grad
def norm(x):
    return sqrt(x * x)

def main():
    print(norm(0.0))
    print(grad(norm)(0.0))
