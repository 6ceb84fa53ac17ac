# Pins: % of an i64 tensor by a zero i64 scalar is a run-time error.
# EXIT: 2
# STDERR: {file}:5:14: error: integer modulo by zero
def rem(a, b):
    return a % b

def main():
    print(rem([7, 8], 0))
