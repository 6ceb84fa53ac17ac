# Pins: conv2d with stride 0 (a keyword argument) is a run-time error at the call.
# EXIT: 2
# STDERR: {file}:5:17: error: conv2d: stride must be at least 1, got 0
def main():
    print(conv2d(ones((1, 1, 4, 4)), ones((1, 1, 3, 3)), stride=0))
