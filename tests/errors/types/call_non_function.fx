# Pins: calling a value that is not a function is an error at the call's `(`.
# EXIT: 1
# STDERR: {file}:7:10: error:
# STDERR-RE: error: .*(?i:call|function)
def main():
    x = 3
    y = x(1)
    print(y)
