# Pins: max(a, b) is the elementwise maximum of two values; an axis only goes with the
# one-tensor form max(x, axis=...).
# EXIT: 1
# STDERR: {file}:7:21: error: max() of two values takes no keyword arguments; the forms are max(a, b) of two values or max(x, axis=None, keepdims=False) of one tensor
def main():
    x = [1.0, 2.0]
    print(max(x, x, axis=0))
