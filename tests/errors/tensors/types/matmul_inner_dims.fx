# Pins: `@` of known shapes with different inner dimensions is a type error at the operator.
# EXIT: 1
# STDERR: {file}:5:22: error: matmul: inner dimensions differ: (2, 3) @ (4, 5)
def main():
    y = ones((2, 3)) @ ones((4, 5))
    print(y)
