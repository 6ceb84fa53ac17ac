# Pins: a run-time error while evaluating `fluxion eval` EXPR is located in FILE (exit 2).
# RUN: eval safe_div(1, 0)
# EXIT: 2
# STDERR: {file}:7:14: error:
# STDERR-RE: error: .*(?i:zero)
def safe_div(a, b):
    return a // b
