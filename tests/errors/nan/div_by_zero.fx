# Pins: under --check-nan, float division by zero (inf, not an error without the flag) is a
# run-time error at the operator, with both operands.
# RUN: run --check-nan
# EXIT: 2
# STDERR: {file}:9:22: error: check-nan: div produced inf (operands: 1.0, 0.0)
def main():
    total = 0.0
    for i in range(3):
        total += 1.0 / float(2 - 2 * i)
    print(total)
