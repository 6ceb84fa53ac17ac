# Pins: int(nan) is a run-time error at the call's `(`.
# EXIT: 2
# STDERR: {file}:7:12: error:
# STDERR-RE: error: .*(?i:nan)
def main():
    x = 0.0 / 0.0
    n = int(x)
    print(n)
