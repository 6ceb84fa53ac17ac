# Pins: a keyword argument for a parameter already given positionally is an error at the
# keyword (Python: "got multiple values for argument 'a'").
# EXIT: 1
# STDERR: {file}:10:18: error:
# STDERR-RE: error: .*(?i:multiple|already|twice|duplicate)
def add(a, b):
    return a + b

def main():
    print(add(1, a=2))
