# Pins: a missing required argument of a tensor builtin names the parameter and the signature.
# EXIT: 1
# STDERR: {file}:6:17: error: conv2d() is missing its argument 'w': conv2d(x, w, stride=1, padding=0)
def main():
    x = zeros((1, 1, 4, 4))
    print(conv2d(x, padding=1))
