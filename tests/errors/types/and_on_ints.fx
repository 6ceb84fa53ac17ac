# Pins: operands of `and` must be bool (docs/ir.md); the error is at the operator.
# EXIT: 1
# STDERR: {file}:6:11: error:
# STDERR-RE: error: .*bool
def main():
    b = 1 and 2
    print(b)
