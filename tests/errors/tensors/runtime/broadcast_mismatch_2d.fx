# Pins: (2, 3) * (2,) does not broadcast (trailing axes 3 and 2 differ): a run-time error at the
# `*`.
# EXIT: 2
# STDERR: {file}:6:14: error: cannot broadcast shapes (2, 3) and (2,)
def scale(m, v):
    return m * v

def main():
    m = ones((2, 3))
    print(scale(m, [1.0, 2.0]))
