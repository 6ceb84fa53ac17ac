# Pins: eval of a call with keyword arguments.
# RUN: eval sub(b=1, a=5)
# EXPECT: 4
def sub(a, b):
    return a - b
