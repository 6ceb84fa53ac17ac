# Pins: more indices than a tensor of known rank has axes is a type error at the `[`.
# EXIT: 1
# STDERR: {file}:6:12: error: too many indices: Tensor[f64, (2, 2)] has 2 axes, 3 indices given
def main():
    m = zeros((2, 2))
    print(m[0, 0, 0])
