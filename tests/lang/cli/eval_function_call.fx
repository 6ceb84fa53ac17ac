# Pins: eval calls a function of the file (here the poly example of §4).
# RUN: eval poly(2.0, 3.0)
# EXPECT: 648.0
def poly(x, y):
    a = x ** 3
    b = y ** 4
    return a * b
