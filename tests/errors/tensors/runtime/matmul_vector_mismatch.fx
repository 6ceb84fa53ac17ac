# Pins: (3,) @ (2, 2): a vector whose length is not the matrix's row count.
# EXIT: 2
# STDERR: {file}:5:14: error: matmul: inner dimensions differ: (3,) @ (2, 2)
def mm(a, b):
    return a @ b

def main():
    print(mm([1.0, 2.0, 3.0], eye(2)))
