# Pins: eval of true division prints an f64 per §9.
# RUN: eval 7 / 2
# EXPECT: 3.5
def unused():
    return 0
