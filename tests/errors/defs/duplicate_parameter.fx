# Pins: a parameter name repeated in one def is an error at the second occurrence.
# EXIT: 1
# STDERR: {file}:5:10: error:
# STDERR-RE: error: .*(?i:duplicate|already|repeated|twice)
def f(x, x):
    return x

def main():
    print(f(1, 2))
