# Pins: checkpoint around a function with a data-dependent loop and a closure gives the
# plain function's gradient; nested checkpoints too.
# EXPECT: 32.0
# EXPECT: 32.0
# EXPECT: 32.0
# EXPECT: 6.0
def repeated_square_until(x):
    # x -> x^2 -> x^4 ... while below 10: at x = 2 it stops at 16 = x^4.
    y = x
    while y < 10.0:
        y = y * y
    return y

def main():
    print(grad(repeated_square_until)(2.0))
    print(grad(checkpoint(repeated_square_until))(2.0))
    print(grad(checkpoint(checkpoint(repeated_square_until)))(2.0))
    k = 3.0
    print(grad(checkpoint(lambda x: k * x * x))(1.0))
