# Pins: storing floats into an integer tensor would truncate silently: a type error at the value.
# EXIT: 1
# STDERR: {file}:6:12: error: cannot store f64 values into Tensor[i64, (3,)] without losing their kind; convert them with astype
def main():
    x = arange(3)
    x[0] = 1.5
    print(x)
