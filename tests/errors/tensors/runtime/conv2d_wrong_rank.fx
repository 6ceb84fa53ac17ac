# Pins: conv2d of a rank-3 input (loaded, so its rank is unknown at compile time) is a run-time
# error naming the expected NCHW/OIHW shapes.
# EXIT: 2
# STDERR: {file}:7:17: error: conv2d: expected x of shape (N, C, H, W) and w of shape (O, C, KH, KW), got (1, 4, 4) and (1, 1, 3, 3)
def main():
    x = load("errors/tensors/runtime/data/rank3.npy")
    print(conv2d(x, ones((1, 1, 3, 3))))
