# Pins: eval of a tuple-valued expression prints it per §9.
# RUN: eval (1.0, 2)
# EXPECT: (1.0, 2)
def unused():
    return 0
