# Pins: a syntax error in the EXPR of `fluxion eval` is a compile error (exit 1).
# RUN: eval helper(1 +
# EXIT: 1
# STDERR: error:
def helper(x):
    return x + 1
