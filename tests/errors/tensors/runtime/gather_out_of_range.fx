# Pins: an index array with an index outside the axis is a located run-time error (the integer
# index's wording).
# EXIT: 2
# STDERR: {file}:6:13: error: index 5 is out of range for axis 0 of size 3
def pick(x, idx):
    return x[idx]

def main():
    print(pick([1.0, 2.0, 3.0], [0, 5]))
