# Pins: forward mode through a closure whose captured vector does not broadcast with the
# argument fails where the product is written, with the located error the program reports
# without derivatives; inlined into derivative code, the operands' known extents show the
# mismatch ahead of time, which the type verifier leaves to run time (it was an internal
# compiler error).
# EXIT: 2
# STDERR: {file}:10:34: error: cannot broadcast shapes (2,) and (3,)
def main():
    counts = [1.0, 2.0, 3.0]
    print(jacfwd(lambda v: sum(v * counts))([0.5, -0.5]))
