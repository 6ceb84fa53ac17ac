# Pins: a boolean mask must have the shape of the axes it indexes; otherwise a located run-time
# error names both shapes.
# EXIT: 2
# STDERR: {file}:6:13: error: boolean index of shape (2,) does not match the indexed axes of a tensor of shape (3,)
def pick(x, m):
    return x[m]

def main():
    print(pick([1.0, 2.0, 3.0], [True, False]))
