# Pins: argmax along an empty axis is a run-time error naming the axis and the shape.
# EXIT: 2
# STDERR: {file}:6:17: error: argmax: cannot reduce an empty axis 0 of a tensor of shape (0, 3)
def main():
    n = 0
    print(argmax(zeros((n, 3)), axis=0))
