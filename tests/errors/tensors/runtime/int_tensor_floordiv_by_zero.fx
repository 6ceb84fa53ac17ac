# Pins: // of i64 tensors with a zero divisor is a run-time error (NumPy would give 0 with a
# warning).
# EXIT: 2
# STDERR: {file}:6:14: error: integer division by zero
def div(a, b):
    return a // b

def main():
    print(div([7, 8], [2, 0]))
