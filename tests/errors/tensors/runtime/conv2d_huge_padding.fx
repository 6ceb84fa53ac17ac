# Pins: a conv2d padding so large that (n + 2 * padding - k) overflows i64 leaves the output
# extent unknown to the type checker (no signed overflow there) and is a located run-time error.
# EXIT: 2
# STDERR: {file}:8:17: error: conv2d: padding 9223372036854775807 is too large

def main():
    x = ones((1, 1, 4, 4))
    print(conv2d(x, ones((1, 1, 2, 2)), stride=1, padding=9223372036854775807))
