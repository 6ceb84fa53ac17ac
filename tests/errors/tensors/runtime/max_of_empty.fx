# Pins: max of an empty tensor is a run-time error (NumPy: a reduction with no identity); sum
# and mean of an empty tensor are 0.0 and nan (tests/lang/tensors/dtypes/ieee_edge_cases.fx).
# EXIT: 2
# STDERR: {file}:6:15: error: max: cannot reduce an empty tensor of shape (0,)
def largest(x):
    return max(x)

def main():
    print(largest(zeros(0)))
