# Pins: m[0, 7] on a (2, 3) tensor: the error names axis 1.
# EXIT: 2
# STDERR: {file}:5:13: error: index 7 is out of range for axis 1 of size 3
def get(m, j):
    return m[0, j]

def main():
    print(get(ones((2, 3)), 7))
