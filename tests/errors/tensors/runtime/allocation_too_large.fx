# Pins: a tensor larger than the allocation limit (16 GiB per request) is a run-time error
# naming the byte count and the shape, not a crash.
# EXIT: 2
# STDERR: {file}:7:20: error: cannot allocate 8000000000000000 bytes for an f64 tensor of shape (100000, 100000, 100000): over the limit of 17179869184 bytes
def main():
    n = 100000
    print(sum(zeros((n, n, n))))
