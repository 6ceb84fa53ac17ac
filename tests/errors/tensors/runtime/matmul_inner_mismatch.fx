# Pins: (2, 3) @ (2, 3): the inner dimensions differ; a run-time error at the `@` naming both
# shapes.
# EXIT: 2
# STDERR: {file}:6:14: error: matmul: inner dimensions differ: (2, 3) @ (2, 3)
def mm(a, b):
    return a @ b

def main():
    a = ones((2, 3))
    print(mm(a, a))
