# Pins: x[1] = t on a matrix, with t of a length the types do not know that differs from a
# row's: native code's row update (codegen/prims_tensor.cpp set_block) leaves it to the
# runtime, which stops at the assignment as the interpreter does.
# EXIT: 2
# STDERR: {file}:8:6: error: cannot assign a tensor of shape (2,) to an indexed region of shape (3,)
def main():
    f = zeros((2, 3))
    f[1] = arange(arg(0, 2)) * 1.0
    print(f)
