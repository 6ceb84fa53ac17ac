# Pins: a keyword argument naming no parameter is an error at the keyword.
# EXIT: 1
# STDERR: {file}:9:18: error:
# STDERR-RE: error: .*(?i:keyword|argument|parameter)
def add(a, b):
    return a + b

def main():
    print(add(1, c=2))
