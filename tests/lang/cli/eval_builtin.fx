# Pins: eval of a builtin call.
# RUN: eval sqrt(2.0)
# EXPECT: 1.4142135623730951
def unused():
    return 0
