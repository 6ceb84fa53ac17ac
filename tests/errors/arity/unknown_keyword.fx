# Pins: a keyword argument naming no parameter is an argument-binding error at the call's `(`.
# EXIT: 1
# STDERR: {file}:9:14: error:
# STDERR-RE: error: .*(?i:keyword|argument|parameter)
def add(a, b):
    return a + b

def main():
    print(add(1, c=2))
