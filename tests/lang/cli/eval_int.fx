# Pins: `fluxion eval FILE EXPR` prints the value of an i64 expression.
# RUN: eval 1 + 2
# EXPECT: 3
def unused():
    return 0
