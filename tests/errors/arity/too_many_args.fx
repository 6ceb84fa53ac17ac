# Pins: a call with more arguments than parameters is an error at the call's `(`.
# EXIT: 1
# STDERR: {file}:9:14: error:
# STDERR-RE: error: .*(?i:argument)
def add(a, b):
    return a + b

def main():
    print(add(1, 2, 3))
