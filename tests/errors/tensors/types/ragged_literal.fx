# Pins: the rows of a tensor literal must have one shape: a ragged literal is a type error at the row.
# EXIT: 1
# STDERR: {file}:5:22: error: the rows of a tensor literal must have one shape, found (2,) and (1,)
def main():
    m = [[1.0, 2.0], [3.0]]
    print(m)
