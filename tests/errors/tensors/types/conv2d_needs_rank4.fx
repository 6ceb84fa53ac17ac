# Pins: conv2d of a tensor of known rank other than 4 is a type error at the call.
# EXIT: 1
# STDERR: {file}:5:15: error: conv2d needs a rank-4 input x (N, C, H, W), found Tensor[f64, (3, 3)]
def main():
    y = conv2d(ones((3, 3)), ones((1, 1, 2, 2)))
    print(y)
