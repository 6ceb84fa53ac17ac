# Pins: eval of a lambda applied in the expression itself.
# RUN: eval (lambda x: x * x)(7)
# EXPECT: 49
def unused():
    return 0
