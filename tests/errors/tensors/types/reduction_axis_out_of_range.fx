# Pins: an axis out of range for a tensor of known rank is a type error at the call.
# EXIT: 1
# STDERR: {file}:6:14: error: sum: axis 2 is out of range for Tensor[f64, (2, 3)]
def main():
    m = zeros((2, 3))
    print(sum(m, axis=2))
