# Pins: a failing assert is a run-time error (exit 2) at the `assert`, with its message.
# EXIT: 2
# STDERR: {file}:7:5: error:
# STDERR-RE: error: .*balance must be non-negative
def main():
    balance = 3 - 8
    assert balance >= 0, "balance must be non-negative"
    print("unreachable")
