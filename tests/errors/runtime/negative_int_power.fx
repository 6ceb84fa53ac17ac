# Pins: i64 ** negative i64 is a run-time error at the operator (docs/ir.md), not a float.
# EXIT: 2
# STDERR: {file}:7:13: error:
# STDERR-RE: error: .*(?i:negative|exponent)
def main():
    n = 2 - 3
    print(2 ** n)
