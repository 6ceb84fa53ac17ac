# Pins: x[-4] on a tensor of length 3 is out of range (negative indices reach -3 at most).
# EXIT: 2
# STDERR: {file}:5:13: error: index -4 is out of range for axis 0 of size 3
def get(x, i):
    return x[i]

def main():
    print(get([1.0, 2.0, 3.0], -4))
