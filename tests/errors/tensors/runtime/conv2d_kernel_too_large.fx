# Pins: conv2d with a 5x5 kernel on a 3x3 input without padding.
# EXIT: 2
# STDERR: {file}:5:18: error: conv2d: kernel 5x5 does not fit the padded input 3x3
def conv(x, w):
    return conv2d(x, w)

def main():
    print(conv(ones((1, 1, 3, 3)), ones((1, 1, 5, 5))))
