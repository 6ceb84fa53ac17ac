# Pins: a def header without its colon: the error is at the end of the line, where the
# newline was found instead of ':' (Python: "expected ':'").
# EXIT: 1
# STDERR: {file}:6:9: error:
# STDERR-RE: error: .*(?i:expected|missing|colon)
def f(x)
    return x

def main():
    print(f(1))
