# Pins: `not` needs a bool operand; the error is at `not`.
# EXIT: 1
# STDERR: {file}:6:9: error:
# STDERR-RE: error: .*bool
def main():
    b = not 1.5
    print(b)
