# Pins: reshape of 6 elements into (4, 2) is a run-time error naming both shapes.
# EXIT: 2
# STDERR: {file}:5:19: error: cannot reshape a tensor of shape (6,) (6 elements) into shape (4, 2)
def to_grid(x):
    return reshape(x, (4, 2))

def main():
    print(to_grid(arange(6.0)))
