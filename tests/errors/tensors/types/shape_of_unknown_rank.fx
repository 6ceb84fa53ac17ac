# Pins: `.shape` of a tensor whose rank is unknown (a field `Tensor[f64]`) is a type error with a hint.
# EXIT: 1
# STDERR: {file}:9:14: error: .shape needs a tensor of known rank, found Tensor[f64]; annotate it with its rank (Tensor[f64, 2]) or reshape it
struct Layer:
    w: Tensor[f64]

def main():
    p = Layer(ones((2, 3)))
    print(p.w.shape)
