# Pins: `--max-loop-iterations` counts the iterations of a `for` loop too, also inside a
# derivative, and locates the error at the loop.
# RUN: run --max-loop-iterations 50
# EXIT: 2
# STDERR: {file}:8:5: error: loop ran more than 50 iterations (the limit set by --max-loop-iterations)
def power(x, n):
    r = 1.0
    for i in range(n):
        r = r * x
    return r

def main():
    print(power(1.5, 50))
    print(grad(power)(1.5, 51))
