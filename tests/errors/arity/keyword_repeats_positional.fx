# Pins: a keyword argument for a parameter already given positionally is an argument-binding
# error at the call's `(` (Python: "got multiple values for argument 'a'").
# EXIT: 1
# STDERR: {file}:10:14: error:
# STDERR-RE: error: .*(?i:multiple|already|twice|duplicate|two values)
def add(a, b):
    return a + b

def main():
    print(add(1, a=2))
