# Pins: `idx: Tensor[i64, 1] = load(path)` reads the file as i64; a file of another dtype is a
# located run-time error naming both.
# EXIT: 2
# STDERR: error: lang/io/data/f64.npy holds f64 data, but the element type asked for is i64
def main():
    idx: Tensor[i64, 1] = load("lang/io/data/f64.npy")
    print(idx)
