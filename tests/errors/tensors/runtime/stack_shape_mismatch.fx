# Pins: stack of (2,) and (3,): stacked tensors must have one shape.
# EXIT: 2
# STDERR: {file}:5:17: error: stack: all tensors must have the same shape, got (2,) and (3,)
def pile(a, b):
    return stack((a, b))

def main():
    print(pile([1.0, 2.0], [1.0, 2.0, 3.0]))
