# Pins: `for row in t` binds one row; unpacking a row into several names is a compile error.
# EXIT: 1
# STDERR: {file}:6:9: error: the target of a for loop over a tensor must be a single name
def main():
    t = [[1.0, 2.0], [3.0, 4.0]]
    for a, b in t:
        print(a)
