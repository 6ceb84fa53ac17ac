# Pins: a builtin called with the wrong number of arguments is an error at the call's `(`.
# EXIT: 1
# STDERR: {file}:6:13: error:
# STDERR-RE: error: .*(?i:argument)
def main():
    y = sqrt(1.0, 2.0)
    print(y)
