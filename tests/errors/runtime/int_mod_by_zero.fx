# Pins: integer modulo by zero is a run-time error at the operator.
# EXIT: 2
# STDERR: {file}:8:13: error:
# STDERR-RE: error: .*(?i:zero)
def main():
    a = 7
    b = 0 * a
    print(a % b)
