# Pins: arange with a zero step is a run-time error at the call.
# EXIT: 2
# STDERR: {file}:6:17: error: arange: step cannot be zero
def main():
    s = 0
    print(arange(0, 5, s))
