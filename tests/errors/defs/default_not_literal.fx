# Pins: a default value must be a literal (a number, True/False, a string or None).
# EXIT: 1
# STDERR: {file}:5:12: error: a default value must be a literal: a number, True, False, a string or None (compute other values in the body)

def f(x, y=[1.0]):
    return x

def main():
    print(f(1.0))
