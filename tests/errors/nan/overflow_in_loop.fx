# Pins: under --check-nan, a float overflow in a later iteration of a loop is reported at
# the operator, after the output printed before it.
# RUN: run --check-nan
# EXIT: 2
# EXPECT: 1e+200
# STDERR: {file}:11:15: error: check-nan: mul produced inf (operands: 1e+200, 1e+200)
def main():
    x = 1e200
    print(x)
    while x < 1e300:
        x = x * x
    print(x)
