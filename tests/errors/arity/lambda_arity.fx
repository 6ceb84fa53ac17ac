# Pins: calling a lambda with the wrong number of arguments is an error at the call's `(`.
# EXIT: 1
# STDERR: {file}:6:22: error:
# STDERR-RE: error: .*(?i:argument)
def main():
    y = (lambda x: x)(1, 2)
    print(y)
