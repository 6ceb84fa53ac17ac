# Pins: a tensor of rank 1 does not fit a parameter annotated `Tensor[f64, 2]`.
# EXIT: 1
# STDERR: {file}:8:22: error: argument 'm' of trace2 expects Tensor[f64, 2], found Tensor[f64, (3,)]
def trace2(m: Tensor[f64, 2]) -> f64:
    return trace(m)

def main():
    print(trace2(ones(3)))
