# Pins: x[5] on a tensor of length 3 is a run-time error at the index, naming the index, the axis
# and its size.
# EXIT: 2
# STDERR: {file}:6:13: error: index 5 is out of range for axis 0 of size 3
def get(x, i):
    return x[i]

def main():
    print(get([1.0, 2.0, 3.0], 5))
