# Pins: integer floor division by zero is a run-time error at the operator (docs/ir.md).
# EXIT: 2
# STDERR: {file}:8:13: error:
# STDERR-RE: error: .*(?i:zero)
def main():
    a = 7
    b = a - 7
    print(a // b)
