# Pins: eval of a comparison prints a bool.
# RUN: eval 1 < 2 and not False
# EXPECT: True
def unused():
    return 0
