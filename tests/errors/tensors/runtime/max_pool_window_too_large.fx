# Pins: max_pool2d with a window larger than the input.
# EXIT: 2
# STDERR: {file}:5:22: error: max_pool2d: window 3 is larger than the input 2x2 (shape (1, 1, 2, 2))
def pool(x, k):
    return max_pool2d(x, k)

def main():
    print(pool(ones((1, 1, 2, 2)), 3))
