# Pins: the rank of `Tensor[f64, 2]` must be an integer; anything else is an error at it.
# RUN: check
# EXIT: 1
# STDERR: {file}:5:22: error: a tensor's rank must be a small non-negative integer, found 'two'
def h(x: Tensor[f64, two]) -> f64:
    return 1.0

def main():
    print(1)
