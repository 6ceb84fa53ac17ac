# Pins: eval of a call of a closure returned by a function.
# RUN: eval make_scaler(3.0)(2.0)
# EXPECT: 6.0
def make_scaler(k):
    def scale(x):
        return k * x
    return scale
