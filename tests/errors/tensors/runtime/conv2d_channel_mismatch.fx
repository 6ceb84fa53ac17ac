# Pins: conv2d with 2 input channels and a kernel expecting 3.
# EXIT: 2
# STDERR: {file}:5:18: error: conv2d: x has 2 channels but w expects 3 (shapes (1, 2, 4, 4) and (1, 3, 2, 2))
def conv(x, w):
    return conv2d(x, w)

def main():
    print(conv(ones((1, 2, 4, 4)), ones((1, 3, 2, 2))))
