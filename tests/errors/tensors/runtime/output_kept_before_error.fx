# Pins: output printed before a tensor run-time error is kept; the error is located in the
# callee, at the failing iteration of a comprehension.
# EXIT: 2
# EXPECT: [1.0, 2.0]
# STDERR: {file}:7:13: error: index 2 is out of range for axis 0 of size 2
def row(m, i):
    return m[i]

def main():
    m = [[1.0, 2.0], [3.0, 4.0]]
    print(row(m, 0))
    print([sum(row(m, i)) for i in range(3)])
