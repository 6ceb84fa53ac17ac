# Pins: a constant index outside a known extent in an update (axis 1, negative) is a compile error.
# EXIT: 1
# STDERR: {file}:7:6: error: index -4 is out of range for axis 1 of size 3

def main():
    m = zeros((2, 3))
    m[1, -4] = 1.0
    print(m)
